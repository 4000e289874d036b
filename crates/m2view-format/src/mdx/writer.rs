//! Writer for [`MdxFile`]: the mirror of [`crate::raw::mdx`], producing
//! Warcraft III v800 or WoW v1300/v1400 layouts from the same structure, so
//! `parse_mdx(write_mdx(f)) == f` for what the parser keeps. Used by tests and
//! fixtures, never on game files.

use crate::raw::mdx::*;

/// Packs a unit quaternion as WoW MDX's `C4QuaternionCompressed::Set` (seed
/// 002): the sign of w is folded into x, y, z; w is rebuilt on read.
pub fn pack_quat64(q: [f32; 4]) -> i64 {
    let s = if q[3] >= 0.0 { 1.0 } else { -1.0 };
    let x = ((s * q[0] as f64 * 2_097_152.0) as i64) << 21;
    let y = ((s * q[1] as f64 * 1_048_576.0) as i64) & 0x1F_FFFF;
    let z = ((s * q[2] as f64 * 1_048_576.0) as i64) & 0x1F_FFFF;
    z | ((y | x) << 21)
}

struct W {
    o: Vec<u8>,
    wow: bool,
}

impl W {
    fn u8(&mut self, v: u8) {
        self.o.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.o.extend_from_slice(&v.to_le_bytes());
    }
    fn i32(&mut self, v: i32) {
        self.o.extend_from_slice(&v.to_le_bytes());
    }
    fn f32(&mut self, v: f32) {
        self.o.extend_from_slice(&v.to_le_bytes());
    }
    fn f32s(&mut self, v: &[f32]) {
        v.iter().for_each(|&x| self.f32(x));
    }
    fn tag(&mut self, t: &[u8; 4]) {
        self.o.extend_from_slice(t);
    }
    fn string(&mut self, s: &str, n: usize) {
        let b = s.as_bytes();
        let k = b.len().min(n - 1);
        self.o.extend_from_slice(&b[..k]);
        self.o.resize(self.o.len() + n - k, 0);
    }
    fn opt(&mut self, v: Option<u32>) {
        self.u32(v.unwrap_or(u32::MAX));
    }
    /// Runs `f`, then writes the inclusive size of what it wrote before it.
    fn sized(&mut self, f: impl FnOnce(&mut W)) {
        let at = self.o.len();
        self.u32(0);
        f(self);
        let size = (self.o.len() - at) as u32;
        self.o[at..at + 4].copy_from_slice(&size.to_le_bytes());
    }
    fn chunk(&mut self, t: &[u8; 4], f: impl FnOnce(&mut W)) {
        self.tag(t);
        let at = self.o.len();
        self.u32(0);
        f(self);
        let size = (self.o.len() - at - 4) as u32;
        self.o[at..at + 4].copy_from_slice(&size.to_le_bytes());
    }
    fn bounds(&mut self, b: &MdlBounds) {
        self.f32(b.radius);
        self.f32s(&b.min);
        self.f32s(&b.max);
    }
    fn track<T>(&mut self, tag: &[u8; 4], t: &MdlTrack<T>, value: impl Fn(&mut W, &T)) {
        self.tag(tag);
        self.u32(t.keys.len() as u32);
        if !(self.wow && tag == b"KMTF") {
            self.u32(t.interpolation);
        }
        self.opt(t.global_sequence);
        for k in &t.keys {
            self.i32(k.time);
            value(self, &k.value);
            if let Some((i, o)) = &k.tangents {
                value(self, i);
                value(self, o);
            }
        }
    }
    fn tracks(&mut self, t: &Tracks) {
        for (tag, tr) in &t.0 {
            match tr {
                AnyTrack::F32(t) => self.track(tag, t, |w, v| w.f32(*v)),
                AnyTrack::Vec3(t) => self.track(tag, t, |w, v| w.f32s(v)),
                AnyTrack::U32(t) => self.track(tag, t, |w, v| w.u32(*v)),
                AnyTrack::Quat(t) => self.track(tag, t, |w, v| {
                    if w.wow { w.o.extend_from_slice(&pack_quat64(*v).to_le_bytes()) } else { w.f32s(v) }
                }),
            }
        }
    }
    fn object(&mut self, g: &GenObject) {
        self.sized(|w| {
            w.string(&g.name, 80);
            w.u32(g.object_id);
            w.opt(g.parent);
            w.u32(g.flags);
            w.tracks(&g.tracks);
        });
    }
    /// WoW `MTLS` and `ATCH` start with a count and an unused word; v800 with neither.
    fn count_unused(&mut self, n: usize) {
        if self.wow {
            self.u32(n as u32);
            self.u32(0);
        }
    }
    /// Entries: a count first (WoW), or just one after another (v800).
    fn entries<T>(&mut self, items: &[T], f: impl Fn(&mut W, &T)) {
        if self.wow {
            self.u32(items.len() as u32);
        }
        items.iter().for_each(|i| f(self, i));
    }
}

/// Writes `f` in the layout of `f.version` (800, 1300, 1400 or 1500), its
/// chunks in the order the client's files have them.
pub fn write_mdx(f: &MdxFile) -> Vec<u8> {
    let mut w = W { o: b"MDLX".to_vec(), wow: f.is_wow() };
    for part in [model_part, material_part, geoset_part, node_part, effect_part, collision_part] {
        part(&mut w, f);
    }
    w.o
}

/// Version and model header: `VERS`, `MODL`, `SEQS`, `GLBS`.
fn model_part(w: &mut W, f: &MdxFile) {
    let wow = w.wow;
    w.chunk(b"VERS", |w| w.u32(f.version));
    w.chunk(b"MODL", |w| {
        w.string(&f.model.name, 80);
        w.string("", 260);
        w.bounds(&f.model.bounds);
        w.u32(f.model.blend_time);
        if wow {
            w.u8(0);
        }
    });
    if !f.sequences.is_empty() {
        w.chunk(b"SEQS", |w| {
            if wow {
                w.u32(f.sequences.len() as u32);
            }
            for s in &f.sequences {
                w.string(&s.name, 80);
                w.u32(s.start);
                w.u32(s.end);
                w.f32(s.movespeed);
                w.u32(s.flags);
                if wow {
                    w.bounds(&s.bounds);
                    w.f32(s.frequency);
                    w.u32(s.replay[0]);
                    w.u32(s.replay[1]);
                    w.u32(s.blend_time);
                } else {
                    w.f32(s.frequency);
                    w.u32(0);
                    w.bounds(&s.bounds);
                }
            }
        });
    }
    if !f.global_sequences.is_empty() {
        w.chunk(b"GLBS", |w| f.global_sequences.iter().for_each(|&g| w.u32(g)));
    }
}

/// Materials, textures and their animations: `MTLS`, `TEXS`, `TXAN`.
fn material_part(w: &mut W, f: &MdxFile) {
    let wow = w.wow;
    if !f.materials.is_empty() {
        w.chunk(b"MTLS", |w| {
            w.count_unused(f.materials.len());
            for m in &f.materials {
                w.sized(|w| {
                    w.i32(m.priority_plane);
                    if wow {
                        w.u32(m.layers.len() as u32);
                    } else {
                        w.u32(m.flags);
                        w.tag(b"LAYS");
                        w.u32(m.layers.len() as u32);
                    }
                    for l in &m.layers {
                        w.sized(|w| {
                            w.u32(l.filter_mode);
                            w.u32(l.shading_flags);
                            w.u32(l.texture_id);
                            w.u32(l.texture_anim_id);
                            w.i32(l.coord_id);
                            w.f32(l.alpha);
                            w.tracks(&l.tracks);
                        });
                    }
                });
            }
        });
    }
    if !f.textures.is_empty() {
        w.chunk(b"TEXS", |w| {
            for t in &f.textures {
                w.u32(t.replaceable_id);
                w.string(&t.path, 260);
                w.u32(t.flags);
            }
        });
    }
    if !f.texture_anims.is_empty() {
        w.chunk(b"TXAN", |w| w.entries(&f.texture_anims, |w, t| w.sized(|w| w.tracks(t))));
    }
}

/// Geometry and its animation: `GEOS`, `GEOA`.
fn geoset_part(w: &mut W, f: &MdxFile) {
    if !f.geosets.is_empty() && f.version >= V1500 {
        w.chunk(b"GEOS", |w| geosets_v1500(w, &f.geosets));
    } else if !f.geosets.is_empty() {
        w.chunk(b"GEOS", |w| w.entries(&f.geosets, geoset));
    }
    if !f.geoset_anims.is_empty() {
        w.chunk(b"GEOA", |w| {
            w.entries(&f.geoset_anims, |w, g| {
                w.sized(|w| {
                    if w.wow {
                        w.u32(g.geoset_id);
                        w.f32(g.alpha);
                        w.f32s(&g.color);
                        w.u32(g.flags);
                    } else {
                        w.f32(g.alpha);
                        w.u32(g.flags);
                        w.f32s(&g.color);
                        w.u32(g.geoset_id);
                    }
                    w.tracks(&g.tracks);
                })
            })
        });
    }
}

/// The node tree: `BONE`, `LITE`, `HELP`, `ATCH`, `PIVT`.
fn node_part(w: &mut W, f: &MdxFile) {
    let wow = w.wow;
    if !f.bones.is_empty() {
        w.chunk(b"BONE", |w| {
            w.entries(&f.bones, |w, b| {
                w.object(b);
                w.u32(u32::MAX);
                w.u32(u32::MAX);
            })
        });
    }
    if !f.lights.is_empty() {
        w.chunk(b"LITE", |w| {
            w.entries(&f.lights, |w, l| {
                w.sized(|w| {
                    w.object(&l.object);
                    w.u32(l.kind);
                    w.f32s(&l.attenuation);
                    w.f32s(&l.color);
                    w.f32(l.intensity);
                    w.f32s(&l.ambient_color);
                    w.f32(l.ambient_intensity);
                    w.tracks(&l.tracks);
                })
            })
        });
    }
    if !f.helpers.is_empty() {
        w.chunk(b"HELP", |w| w.entries(&f.helpers, W::object));
    }
    if !f.attachments.is_empty() {
        w.chunk(b"ATCH", |w| {
            w.count_unused(f.attachments.len());
            for a in &f.attachments {
                w.sized(|w| {
                    w.object(&a.object);
                    if wow {
                        w.u32(a.attachment_id);
                        w.u8(0);
                        w.string(&a.path, 260);
                    } else {
                        w.string(&a.path, 260);
                        w.u32(0);
                    }
                    w.tracks(&a.tracks);
                });
            }
        });
    }
    if !f.pivots.is_empty() {
        w.chunk(b"PIVT", |w| f.pivots.iter().for_each(|p| w.f32s(p)));
    }
}

/// Cameras, events and emitters: `CAMS`, `EVTS`, `PRE2`, `RIBB`.
fn effect_part(w: &mut W, f: &MdxFile) {
    if !f.cameras.is_empty() {
        w.chunk(b"CAMS", |w| {
            w.entries(&f.cameras, |w, c| {
                w.sized(|w| {
                    w.string(&c.name, 80);
                    w.f32s(&c.position);
                    w.f32(c.fov);
                    w.f32(c.far_clip);
                    w.f32(c.near_clip);
                    w.f32s(&c.target);
                    w.tracks(&c.tracks);
                })
            })
        });
    }
    if !f.events.is_empty() {
        w.chunk(b"EVTS", |w| {
            w.entries(&f.events, |w, e| {
                let body = |w: &mut W| {
                    w.object(&e.object);
                    w.tag(b"KEVT");
                    w.u32(e.times.len() as u32);
                    w.opt(e.global_sequence);
                    e.times.iter().for_each(|&t| w.i32(t));
                };
                if w.wow { w.sized(body) } else { body(w) }
            })
        });
    }
    if !f.particle_emitters2.is_empty() {
        w.chunk(b"PRE2", |w| w.entries(&f.particle_emitters2, particle_emitter2));
    }
    if !f.ribbons.is_empty() {
        w.chunk(b"RIBB", |w| {
            w.entries(&f.ribbons, |w, r| {
                w.sized(|w| {
                    w.object(&r.object);
                    if w.wow {
                        w.u32(0); // emitterSize
                    }
                    w.f32s(&[r.height_above, r.height_below, r.alpha]);
                    w.f32s(&r.color);
                    w.f32(r.lifespan);
                    for v in [r.texture_slot, r.emission_rate, r.rows, r.columns, r.material_id] {
                        w.u32(v);
                    }
                    w.f32(r.gravity);
                    w.tracks(&r.tracks);
                })
            })
        });
    }
}

/// Collision: shapes (`CLID` in v800, `HTST` in WoW) and the WoW collision mesh (`CLID`).
fn collision_part(w: &mut W, f: &MdxFile) {
    let wow = w.wow;
    if !f.shapes.is_empty() {
        w.chunk(if wow { b"HTST" } else { b"CLID" }, |w| {
            w.entries(&f.shapes, |w, s| {
                let body = |w: &mut W| {
                    w.object(&s.object);
                    if w.wow {
                        w.u8(s.kind as u8)
                    } else {
                        w.u32(s.kind)
                    }
                    w.f32s(&s.floats);
                };
                if w.wow { w.sized(body) } else { body(w) }
            })
        });
    }
    if wow && !f.collision.positions.is_empty() {
        let c = &f.collision;
        w.chunk(b"CLID", |w| {
            w.tag(b"VRTX");
            w.u32(c.positions.len() as u32);
            c.positions.iter().for_each(|p| w.f32s(p));
            w.tag(b"TRI ");
            w.u32(c.indices.len() as u32);
            c.indices.iter().for_each(|&i| w.o.extend_from_slice(&i.to_le_bytes()));
            w.tag(b"NRMS");
            w.u32(c.normals.len() as u32);
            c.normals.iter().for_each(|n| w.f32s(n));
        });
    }
}

fn geoset(w: &mut W, g: &MdlGeoset) {
    w.sized(|w| {
        let arr = |w: &mut W, tag: &[u8; 4], n: usize, body: &dyn Fn(&mut W)| {
            w.tag(tag);
            w.u32(n as u32);
            body(w);
        };
        arr(w, b"VRTX", g.positions.len(), &|w| g.positions.iter().for_each(|p| w.f32s(p)));
        arr(w, b"NRMS", g.normals.len(), &|w| g.normals.iter().for_each(|p| w.f32s(p)));
        if w.wow {
            arr(w, b"UVAS", g.uv_sets.len(), &|w| g.uv_sets.iter().flatten().for_each(|p| w.f32s(p)));
        }
        arr(w, b"PTYP", g.face_types.len(), &|w| {
            g.face_types.iter().for_each(|&t| if w.wow { w.u8(t as u8) } else { w.u32(t) })
        });
        arr(w, b"PCNT", g.face_counts.len(), &|w| g.face_counts.iter().for_each(|&c| w.u32(c)));
        arr(w, b"PVTX", g.indices.len(), &|w| g.indices.iter().for_each(|&i| w.o.extend_from_slice(&i.to_le_bytes())));
        arr(w, b"GNDX", g.vertex_groups.len(), &|w| g.vertex_groups.iter().for_each(|&v| w.u8(v)));
        arr(w, b"MTGC", g.group_counts.len(), &|w| g.group_counts.iter().for_each(|&c| w.u32(c)));
        arr(w, b"MATS", g.matrices.len(), &|w| g.matrices.iter().for_each(|&m| w.u32(m)));
        w.u32(g.material_id);
        w.u32(g.selection_group);
        w.u32(g.flags);
        w.bounds(&g.bounds);
        w.u32(0); // no per-sequence bounds
        if !w.wow {
            w.tag(b"UVAS");
            w.u32(g.uv_sets.len() as u32);
            for set in &g.uv_sets {
                arr(w, b"UVBS", set.len(), &|w| set.iter().for_each(|p| w.f32s(p)));
            }
        }
    });
}

fn geosets_v1500(w: &mut W, gs: &[MdlGeoset]) {
    w.u32(gs.len() as u32);
    for g in gs {
        w.u32(g.material_id);
        let b = &g.bounds;
        w.f32s(&[0, 1, 2].map(|k| (b.min[k] + b.max[k]) * 0.5));
        w.f32(b.radius);
        w.u32(g.selection_group);
        w.u32(0);
        w.u32(g.flags);
        for (tag, n) in [(b"PVTX", g.positions.len()), (b"PTYP", 1), (b"PVTX", g.indices.len())] {
            w.tag(tag);
            w.u32(n as u32);
        }
        w.o.extend_from_slice(&[0; 8]);
    }
    for g in gs {
        let uv = |s: usize, i: usize| g.uv_sets.get(s).and_then(|u| u.get(i)).copied().unwrap_or_default();
        for (i, p) in g.positions.iter().enumerate() {
            w.f32s(p);
            w.o.extend_from_slice(&g.bone_weights.get(i).copied().unwrap_or([255, 0, 0, 0]));
            w.o.extend_from_slice(&g.bone_indices.get(i).copied().unwrap_or_default());
            w.f32s(&g.normals.get(i).copied().unwrap_or_default());
            w.f32s(&uv(0, i));
            w.f32s(&uv(1, i));
        }
        w.u32(3);
        w.u32(0);
        let n = g.indices.len() as u16;
        let max = g.indices.iter().copied().max().unwrap_or(0);
        for v in [n, 0, max, 0] {
            w.o.extend_from_slice(&v.to_le_bytes());
        }
        g.indices.iter().for_each(|&i| w.o.extend_from_slice(&i.to_le_bytes()));
        w.o.resize(w.o.len() + (8 - g.indices.len() % 8) % 8 * 2, 0);
    }
}

fn particle_emitter2(w: &mut W, p: &MdlParticleEmitter2) {
    w.sized(|w| {
        w.object(&p.object);
        if w.wow {
            w.u32(0); // emitterSize
            w.u32(p.emitter_type);
            w.f32s(&[p.speed, p.variation, p.latitude, p.longitude, p.gravity, p.z_source]);
            w.f32s(&[p.lifespan, p.emission_rate, p.length, p.width]);
        } else {
            w.f32s(&[p.speed, p.variation, p.latitude, p.gravity, p.lifespan, p.emission_rate, p.width, p.length]);
            w.u32(p.filter_mode);
        }
        w.u32(p.rows);
        w.u32(p.columns);
        w.u32(p.head_or_tail);
        w.f32(p.tail_length);
        w.f32(p.middle_time);
        p.colors.iter().for_each(|c| w.f32s(c));
        p.alphas.iter().for_each(|&a| w.u8(a));
        w.f32s(&p.scaling);
        p.head_intervals.iter().chain(&p.tail_intervals).flatten().for_each(|&v| w.u32(v));
        if w.wow {
            w.u32(p.filter_mode);
            w.u32(p.texture_id);
        } else {
            w.u32(p.texture_id);
            w.u32(p.squirt);
        }
        w.i32(p.priority_plane);
        w.u32(p.replaceable_id);
        if w.wow {
            w.string(&p.geometry_model, 260);
            w.string(&p.recursion_model, 260);
            w.f32s(&p.twinkle);
            w.f32(p.ivel_scale);
            w.f32s(&p.tumble);
            w.f32s(&[p.drag, p.spin]);
            w.f32s(&p.wind);
            w.f32(p.wind_time);
            w.f32s(&p.follow);
            w.u32(p.spline.len() as u32);
            p.spline.iter().for_each(|s| w.f32s(s));
            w.u32(p.squirt);
        }
        w.tracks(&p.tracks);
    });
}
