//! The batch-uniform values of the waterfall render path
//! (`shaders/waterfall.wgsl`): a waterfall model's parameters
//! ([`m2view_format::Waterfall`]) packed into the uniform slots its one
//! draw does not otherwise use.

use m2view_format::Waterfall;

/// `tex_matrix1`'s columns for the waterfall shader: `values0`, `values1`,
/// `values3` and `(bump scale, 0, 0, 0)`. The per-instance random phases
/// WebWowViewerCpp derives from `values1.y`, `values2.w` and `values3.z`
/// are 0 here, so a render repeats.
pub(crate) fn params(w: &Waterfall) -> [[f32; 4]; 4] {
    let [v0, v1, _, v3, _] = w.values;
    [v0, [v1[0], v1[1], 0.0, v1[3]], [v3[0], v3[1], 0.0, v3[3]], [w.bump_scale, 0.0, 0.0, 0.0]]
}

/// The base colour the white water is mixed over, 0–1, its alpha times `mesh_alpha`.
pub(crate) fn base_color(w: &Waterfall, mesh_alpha: f32) -> [f32; 4] {
    let [r, g, b, a] = w.base_color_unit();
    [r, g, b, a * mesh_alpha]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_land_where_the_shader_reads_them() {
        let mut w = Waterfall::with_defaults(3, 0.25);
        w.values[1] = [4.0, 0.3, 9.0, 0.7];
        w.values[3] = [0.02, 0.4, 0.6, 0.25];
        w.base_color = [51, 102, 153, 255];
        let p = params(&w);
        assert_eq!(p[0], [0.0, 0.5, 0.0, 0.5], "values0: WFV1's defaults");
        assert_eq!(p[1], [4.0, 0.3, 0.0, 0.7], "values1, its random phase 0");
        assert_eq!(p[2], [0.02, 0.4, 0.0, 0.25], "values3, its random phase 0");
        assert_eq!(p[3][0], 0.25);
        assert_eq!(base_color(&w, 0.5), [0.2, 0.4, 0.6, 0.5]);
    }
}
