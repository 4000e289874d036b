//! Video files of rendered frames (`render --video`): AV1 encoded by rav1e
//! (pure Rust), in an MP4 (ISO BMFF, muxed by muxide) or a WebM (Matroska,
//! written through webm-iterable) container.
//!
//! Neither container carries AV1 with alpha in a way players read, so a
//! transparent background is refused here; animated PNG keeps it
//! (`render --turntable -o x.apng`).
//!
//! Sources of the container facts: the AV1 codec configuration record and
//! its `CodecPrivate` use in Matroska (AOM, "AV1 Codec ISO Media File
//! Format Binding" §2.3, and "AV1 in Matroska & WebM" §CodecPrivate); the
//! WebM EBML header and block timing (webmproject.org, "WebM Container
//! Guidelines"; Matroska RFC 9559 §10 and §11). The colour conversion is
//! ITU-R BT.709's, limited range (16–235 luma, 16–240 chroma).

use std::path::{Path, PathBuf};

use rav1e::prelude::*;

/// Why a video could not be written. Every variant names the output file
/// (`file`), as the user gave it.
#[derive(Debug, thiserror::Error)]
pub enum VideoError {
    /// The output's extension is neither `.mp4` nor `.webm`.
    #[error("{}: a video is written as .mp4 or .webm", file.display())]
    Extension {
        /// The output file.
        file: PathBuf,
    },
    /// A frame size outside 16–8192 pixels each way.
    #[error("{}: a video frame is 16 to 8192 pixels each way, not {width}x{height}", file.display())]
    Size {
        /// The output file.
        file: PathBuf,
        /// Width asked for, pixels.
        width: u32,
        /// Height asked for, pixels.
        height: u32,
    },
    /// A frame rate outside 0.1–240 frames per second.
    #[error("{}: --fps {fps} is outside 0.1–240", file.display())]
    Rate {
        /// The output file.
        file: PathBuf,
        /// Frames per second asked for.
        fps: f32,
    },
    /// A pushed frame whose byte length is not `width × height × 4`.
    #[error("{}: a frame of {len} bytes, not {width}x{height} RGBA", file.display())]
    FrameSize {
        /// The output file.
        file: PathBuf,
        /// Bytes pushed.
        len: usize,
        /// The video's width, pixels.
        width: u32,
        /// The video's height, pixels.
        height: u32,
    },
    /// rav1e refused the settings or failed while encoding.
    #[error("{}: AV1 encoder: {message}", file.display())]
    Encoder {
        /// The output file.
        file: PathBuf,
        /// rav1e's words.
        message: String,
    },
    /// [`VideoWriter::finish`] before any frame was pushed.
    #[error("{}: no frames", file.display())]
    NoFrames {
        /// The output file.
        file: PathBuf,
    },
    /// The container could not be written (muxide's or webm-iterable's
    /// words, or the file system's).
    #[error("{}: {message}", file.display())]
    Write {
        /// The output file.
        file: PathBuf,
        /// What failed.
        message: String,
    },
}

/// The container a video file is written in, chosen by its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Container {
    /// `.mp4`: AV1 in ISO BMFF (plays in browsers, VLC, mpv, Windows' player).
    Mp4,
    /// `.webm`: AV1 in WebM (Matroska).
    Webm,
}

impl Container {
    /// The container of `path` by its extension (any case). Errors: any
    /// other extension ([`VideoError::Extension`]).
    pub fn of(path: &Path) -> Result<Container, VideoError> {
        match path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase()).as_deref() {
            Some("mp4") => Ok(Container::Mp4),
            Some("webm") => Ok(Container::Webm),
            _ => Err(VideoError::Extension { file: path.to_path_buf() }),
        }
    }
}

/// One encoded frame: its AV1 temporal unit and whether it is a key frame.
struct Packet {
    data: Vec<u8>,
    key: bool,
}

/// Writes RGBA frames of one size at a fixed rate to an MP4 or WebM file.
/// The file is written under `<out>.part` (created at once, so an
/// unwritable output fails before any frame is rendered) and renamed to
/// `out` by [`VideoWriter::finish`]; dropped unfinished, it removes the
/// partial file.
pub struct VideoWriter {
    ctx: Context<u8>,
    container: Container,
    out: PathBuf,
    tmp: PathBuf,
    file: Option<std::fs::File>,
    width: u32,
    height: u32,
    fps: f64,
    packets: Vec<Packet>,
}

impl VideoWriter {
    /// A writer of `width` × `height` frames (pixels, at least 16 each way)
    /// at `fps` frames per second to `out` (`.mp4` or `.webm`). A key frame
    /// at least every two seconds. Errors: another extension, a size or
    /// rate out of range, an output that cannot be created.
    pub fn create(out: &Path, width: u32, height: u32, fps: f32) -> Result<VideoWriter, VideoError> {
        let container = Container::of(out)?;
        let file = out.to_path_buf();
        if !(16..=8192).contains(&width) || !(16..=8192).contains(&height) {
            return Err(VideoError::Size { file, width, height });
        }
        if !fps.is_finite() || !(0.1..=240.0).contains(&fps) {
            return Err(VideoError::Rate { file, fps });
        }
        let tmp = PathBuf::from(format!("{}.part", out.display()));
        let written = std::fs::File::create(&tmp).map_err(|e| VideoError::Write { file, message: e.to_string() })?;
        // Frame rate as a rational of milliframes: 23.976 stays exact enough.
        let fps_milli = (fps as f64 * 1000.0).round() as u64;
        let mut enc = EncoderConfig::with_speed_preset(10);
        enc.width = width as usize;
        enc.height = height as usize;
        enc.time_base = Rational::new(1000, fps_milli);
        enc.chroma_sampling = ChromaSampling::Cs420;
        enc.pixel_range = PixelRange::Limited;
        enc.color_description = Some(ColorDescription {
            color_primaries: ColorPrimaries::BT709,
            transfer_characteristics: TransferCharacteristics::BT709,
            matrix_coefficients: MatrixCoefficients::BT709,
        });
        enc.low_latency = true;
        enc.min_key_frame_interval = 0;
        enc.max_key_frame_interval = (2.0 * fps as f64).round().max(1.0) as u64;
        enc.quantizer = 80;
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        enc.tiles = cores.clamp(1, 8);
        let ctx = Config::new().with_encoder_config(enc).with_threads(cores).new_context().map_err(|e| {
            VideoError::Encoder { file: out.to_path_buf(), message: format!("the settings were refused: {e}") }
        })?;
        Ok(VideoWriter {
            ctx,
            container,
            out: out.to_path_buf(),
            tmp,
            file: Some(written),
            width,
            height,
            fps: fps as f64,
            packets: Vec::new(),
        })
    }

    /// Encodes the next frame: `rgba`, `width × height × 4` bytes, rows top
    /// to bottom (alpha ignored). Errors: a frame of another size, an
    /// encoder failure.
    pub fn push(&mut self, rgba: &[u8]) -> Result<(), VideoError> {
        let (w, h) = (self.width as usize, self.height as usize);
        if rgba.len() != w * h * 4 {
            let (width, height, file) = (self.width, self.height, self.out.clone());
            return Err(VideoError::FrameSize { file, len: rgba.len(), width, height });
        }
        let mut frame = self.ctx.new_frame();
        let (y, cb, cr) = ycbcr420(rgba, w, h);
        let [py, pu, pv] = &mut frame.planes;
        py.copy_from_raw_u8(&y, w, 1);
        pu.copy_from_raw_u8(&cb, w.div_ceil(2), 1);
        pv.copy_from_raw_u8(&cr, w.div_ceil(2), 1);
        self.ctx.send_frame(frame).map_err(|e| self.encoder(e))?;
        self.drain()
    }

    /// An encoder status that is a failure, as the error naming the file.
    fn encoder(&self, e: EncoderStatus) -> VideoError {
        VideoError::Encoder { file: self.out.clone(), message: format!("{e:?}") }
    }

    /// Moves the packets the encoder has ready into `packets`.
    fn drain(&mut self) -> Result<(), VideoError> {
        loop {
            match self.ctx.receive_packet() {
                Ok(p) => self.packets.push(Packet { key: p.frame_type == FrameType::KEY, data: p.data }),
                Err(EncoderStatus::Encoded) => continue,
                Err(EncoderStatus::NeedMoreData | EncoderStatus::LimitReached) => return Ok(()),
                Err(e) => return Err(self.encoder(e)),
            }
        }
    }

    /// Encodes what is left, writes the container and renames the file to
    /// its name. Returns the frames written. Errors: no frame pushed, an
    /// encoder or write failure (the partial file is removed).
    pub fn finish(mut self) -> Result<usize, VideoError> {
        self.ctx.flush();
        self.drain()?;
        // `finish` takes the writer, so its file is still there.
        let (false, Some(file)) = (self.packets.is_empty(), self.file.take()) else {
            return Err(VideoError::NoFrames { file: self.out.clone() });
        };
        let file = std::io::BufWriter::new(file);
        match self.container {
            Container::Mp4 => self.write_mp4(file)?,
            Container::Webm => self.write_webm(file)?,
        };
        std::fs::rename(&self.tmp, &self.out).map_err(|e| self.write_error(e))?;
        Ok(self.packets.len())
    }

    /// Frame `k`'s time, seconds.
    fn pts(&self, k: usize) -> f64 {
        k as f64 / self.fps
    }

    /// A failure writing the container or the file, as the error naming the file.
    fn write_error(&self, e: impl std::fmt::Display) -> VideoError {
        VideoError::Write { file: self.out.clone(), message: e.to_string() }
    }

    fn write_mp4(&self, file: impl std::io::Write) -> Result<(), VideoError> {
        use muxide::api::{MuxerBuilder, VideoCodec};
        let mut mux = MuxerBuilder::new(file)
            .video(VideoCodec::Av1, self.width, self.height, self.fps)
            .build()
            .map_err(|e| self.write_error(e))?;
        for (k, p) in self.packets.iter().enumerate() {
            mux.write_video(self.pts(k), &p.data, p.key).map_err(|e| self.write_error(e))?;
        }
        mux.finish().map_err(|e| self.write_error(e))?;
        Ok(())
    }

    fn write_webm(&self, file: impl std::io::Write) -> Result<(), VideoError> {
        use webm_iterable::matroska_spec::{Master, MatroskaSpec as M, SimpleBlock};
        // Millisecond timestamps (TimestampScale 1,000,000 ns); a cluster
        // starts at each key frame, so block offsets stay within an i16.
        let ms = |k: usize| (self.pts(k) * 1000.0).round() as u64;
        let mut segment = vec![
            M::Info(Master::Full(vec![
                M::TimestampScale(1_000_000),
                M::Duration(ms(self.packets.len()) as f64),
                M::MuxingApp("m2view".into()),
                M::WritingApp(format!("m2view {}", env!("CARGO_PKG_VERSION"))),
            ])),
            M::Tracks(Master::Full(vec![M::TrackEntry(Master::Full(vec![
                M::TrackNumber(1),
                M::TrackUID(1),
                M::TrackType(1),
                M::FlagLacing(0),
                M::CodecID("V_AV1".into()),
                M::CodecPrivate(self.ctx.container_sequence_header()),
                M::Video(Master::Full(vec![M::PixelWidth(self.width as u64), M::PixelHeight(self.height as u64)])),
            ]))])),
        ];
        let mut cluster: Option<(u64, Vec<M>)> = None;
        for (k, p) in self.packets.iter().enumerate() {
            let t = ms(k);
            let ends = p.key || cluster.as_ref().is_some_and(|(start, _)| t - start > 30_000);
            if let Some((_, blocks)) = cluster.take_if(|_| ends) {
                segment.push(M::Cluster(Master::Full(blocks)));
            }
            let (start, blocks) = cluster.get_or_insert_with(|| (t, vec![M::Timestamp(t)]));
            let offset = (t - *start) as i16;
            blocks.push(SimpleBlock::new_uncheked(&p.data, 1, offset, false, None, false, p.key).into());
        }
        if let Some((_, blocks)) = cluster {
            segment.push(M::Cluster(Master::Full(blocks)));
        }
        let mut w = webm_iterable::WebmWriter::new(file);
        let header = M::Ebml(Master::Full(vec![
            M::EbmlVersion(1),
            M::EbmlReadVersion(1),
            M::EbmlMaxIdLength(4),
            M::EbmlMaxSizeLength(8),
            M::DocType("webm".into()),
            M::DocTypeVersion(4),
            M::DocTypeReadVersion(2),
        ]));
        w.write(&header).map_err(|e| self.write_error(e))?;
        w.write(&M::Segment(Master::Full(segment))).map_err(|e| self.write_error(e))?;
        let mut file = w.into_inner().map_err(|e| self.write_error(e))?;
        std::io::Write::flush(&mut file).map_err(|e| self.write_error(e))
    }
}

impl Drop for VideoWriter {
    fn drop(&mut self) {
        // Unfinished (an error, or a render that failed): nothing
        // half-written stays. Once renamed there is no `.part` to remove.
        self.file = None;
        let _ = std::fs::remove_file(&self.tmp);
    }
}

/// `rgba` (`w × h`, rows top to bottom) as BT.709 limited-range Y'CbCr
/// 4:2:0 planes: luma `w × h`, each chroma plane `⌈w/2⌉ × ⌈h/2⌉`, the mean
/// of each 2 × 2 block (edge pixels repeated).
fn ycbcr420(rgba: &[u8], w: usize, h: usize) -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    const KR: f32 = 0.2126;
    const KB: f32 = 0.0722;
    let luma = |p: &[u8]| KR * p[0] as f32 + (1.0 - KR - KB) * p[1] as f32 + KB * p[2] as f32;
    let y: Vec<u8> = rgba.chunks_exact(4).map(|p| (16.0 + luma(p) * 219.0 / 255.0).round() as u8).collect();
    let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
    let mut cb = Vec::with_capacity(cw * ch);
    let mut cr = Vec::with_capacity(cw * ch);
    for cy in 0..ch {
        for cx in 0..cw {
            let (mut b, mut r) = (0.0, 0.0);
            for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                let (x, yy) = ((2 * cx + dx).min(w - 1), (2 * cy + dy).min(h - 1));
                let p = &rgba[(yy * w + x) * 4..][..4];
                let l = luma(p);
                b += (p[2] as f32 - l) / (2.0 * (1.0 - KB));
                r += (p[0] as f32 - l) / (2.0 * (1.0 - KR));
            }
            cb.push((128.0 + b / 4.0 * 224.0 / 255.0).round().clamp(0.0, 255.0) as u8);
            cr.push((128.0 + r / 4.0 * 224.0 / 255.0).round().clamp(0.0, 255.0) as u8);
        }
    }
    (y, cb, cr)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bt709_limited_range_of_primaries() {
        // White, black, pure red per BT.709: Y' 235/16/63, red's Cr 240.
        let px = |c: [u8; 3]| ycbcr420(&[c[0], c[1], c[2], 255].repeat(4), 2, 2);
        assert_eq!(px([255, 255, 255]), (vec![235; 4], vec![128], vec![128]));
        assert_eq!(px([0, 0, 0]), (vec![16; 4], vec![128], vec![128]));
        let (y, cb, cr) = px([255, 0, 0]);
        assert_eq!((y[0], cr[0]), (63, 240));
        assert_eq!(cb[0], 102, "Cb of red: 128 - 0.2126/1.8556 × 224 = 102.3");
    }

    #[test]
    fn odd_sizes_round_chroma_up() {
        let (y, cb, _) = ycbcr420(&[0u8; 3 * 3 * 4], 3, 3);
        assert_eq!((y.len(), cb.len()), (9, 4));
    }

    #[test]
    fn other_extensions_and_sizes_are_refused() {
        assert!(Container::of(Path::new("a.avi")).unwrap_err().to_string().contains("a.avi"));
        let dir = std::env::temp_dir();
        assert!(VideoWriter::create(&dir.join("m2view-video-size.mp4"), 8, 8, 24.0).is_err());
        assert!(VideoWriter::create(&dir.join("m2view-video-fps.mp4"), 64, 64, 0.0).is_err());
    }
}
