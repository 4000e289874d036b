fn main() {
    if let Ok(p) = std::env::var("BLP") {
        blp_png(&p, "/tmp/blp.rgba");
        return;
    }
    for a in std::env::args().skip(1) {
        let b = std::fs::read(&a).unwrap();
        match m2view_format::raw::mdx::parse_mdx(&b, &a) {
            Ok(f) => {
                if std::env::var("INTERP").is_ok() {
                    println!("{a}: {:?}", interp_counts(&f));
                    continue;
                }
                println!(
                    "{a}: v{} seqs {} mats {} tex {} geos {} geoa {} bones {} help {} atch {} pivt {} cams {} evts {} pre2 {} shapes {} clid {} unk {:?}",
                    f.version,
                    f.sequences.len(),
                    f.materials.len(),
                    f.textures.len(),
                    f.geosets.len(),
                    f.geoset_anims.len(),
                    f.bones.len(),
                    f.helpers.len(),
                    f.attachments.len(),
                    f.pivots.len(),
                    f.cameras.len(),
                    f.events.len(),
                    f.particle_emitters2.len(),
                    f.shapes.len(),
                    f.collision.positions.len(),
                    f.unknown.iter().map(|u| String::from_utf8_lossy(&u.0).into_owned()).collect::<Vec<_>>()
                );
                for g in &f.geosets {
                    println!(
                        "   geo v{} n{} uv{:?} ptyp{:?} pcnt{:?} idx{} gndx{} mtgc{} mats{} mat{} sel{}",
                        g.positions.len(),
                        g.normals.len(),
                        g.uv_sets.iter().map(|u| u.len()).collect::<Vec<_>>(),
                        g.face_types,
                        g.face_counts,
                        g.indices.len(),
                        g.vertex_groups.len(),
                        g.group_counts.len(),
                        g.matrices.len(),
                        g.material_id,
                        g.selection_group
                    );
                }
                if std::env::var("UV").is_ok() {
                    for g in &f.geosets {
                        for v in 0..g.positions.len().min(24) {
                            println!(
                                "      p{:?} n{:?} uv{:?} grp{:?}",
                                g.positions[v],
                                g.normals.get(v),
                                g.uv_sets.first().and_then(|u| u.get(v)),
                                g.vertex_groups.get(v)
                            );
                        }
                        println!("      idx {:?} mats {:?}", &g.indices[..g.indices.len().min(36)], g.matrices);
                    }
                    for b in &f.bones {
                        println!(
                            "   bone {:?} id{} parent {:?} flags {:#x} tracks {:?}",
                            b.name,
                            b.object_id,
                            b.parent,
                            b.flags,
                            b.tracks
                                .0
                                .iter()
                                .map(|t| (
                                    String::from_utf8_lossy(&t.0).into_owned(),
                                    format!("{:?}", t.1).chars().take(300).collect::<String>()
                                ))
                                .collect::<Vec<_>>()
                        );
                    }
                    println!("   pivots {:?}", f.pivots);
                    for g in &f.geoset_anims {
                        println!("   geoa {:?}", g);
                    }
                }
                if let Some(b) = f.bones.first() {
                    println!(
                        "   bone0 {:?} id{} parent {:?} flags {:#x} tracks {:?}",
                        b.name,
                        b.object_id,
                        b.parent,
                        b.flags,
                        b.tracks.0.iter().map(|t| String::from_utf8_lossy(&t.0).into_owned()).collect::<Vec<_>>()
                    );
                }
                for s in f.sequences.iter().take(4) {
                    println!("   seq {:?} {}..{} flags {} freq {}", s.name, s.start, s.end, s.flags, s.frequency);
                }
                for m in &f.materials {
                    println!(
                        "   mat prio {} layers {:?}",
                        m.priority_plane,
                        m.layers
                            .iter()
                            .map(|l| (l.filter_mode, l.shading_flags, l.texture_id, l.alpha))
                            .collect::<Vec<_>>()
                    );
                }
                for t in &f.textures {
                    println!("   tex {} {:?} {}", t.replaceable_id, t.path, t.flags);
                }
                for p in &f.particle_emitters2 {
                    println!(
                        "   pre2 colors {:?} alphas {:?} scale {:?} filter {} flags {:#x} speed {} lat {} life {} rate {} w {} l {} rows {} cols {} head {:?}",
                        p.colors,
                        p.alphas,
                        p.scaling,
                        p.filter_mode,
                        p.object.flags,
                        p.speed,
                        p.latitude,
                        p.lifespan,
                        p.emission_rate,
                        p.width,
                        p.length,
                        p.rows,
                        p.columns,
                        p.head_intervals
                    );
                }
            }
            Err(e) => println!("ERR {e}"),
        }
    }
}
#[allow(dead_code)]
fn blp_png(a: &str, out: &str) {
    let b = std::fs::read(a).unwrap();
    let blp = m2view_format::blp::Blp::parse(b).unwrap();
    let lvl: usize = std::env::var("MIP").ok().and_then(|m| m.parse().ok()).unwrap_or(0);
    let img = blp.decode(lvl).unwrap();
    println!("mip {} {}x{} len {}", lvl, blp.mips[lvl].width, blp.mips[lvl].height, img.pixels.len());
    std::fs::write(out, &img.pixels).unwrap();
    println!("{}x{}", blp.width, blp.height);
}
#[allow(dead_code)]
fn interp_counts(f: &m2view_format::raw::mdx::MdxFile) -> [usize; 4] {
    use m2view_format::raw::mdx::AnyTrack;
    let mut c = [0; 4];
    let mut add = |t: &m2view_format::raw::mdx::Tracks| {
        for (_, tr) in &t.0 {
            let i = match tr {
                AnyTrack::F32(t) => t.interpolation,
                AnyTrack::Vec3(t) => t.interpolation,
                AnyTrack::Quat(t) => t.interpolation,
                AnyTrack::U32(t) => t.interpolation,
            };
            c[(i as usize).min(3)] += 1;
        }
    };
    for b in f.bones.iter().chain(&f.helpers) {
        add(&b.tracks);
    }
    c
}
