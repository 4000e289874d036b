// Linear blend skinning, shared by the M2 batch shader and the skinning test:
// the sum of up to four bone matrices (from the `bones` array, storage or
// uniform, the including shader declares) weighted by the vertex's normalised weights.
// A vertex with no weights stays where it is (wowdev wiki "M2", bones).

fn skin_matrix(weights: vec4<f32>, indices: vec4<u32>, base: u32) -> mat4x4<f32> {
    let total = weights.x + weights.y + weights.z + weights.w;
    if (total <= 0.0) {
        return mat4x4<f32>(vec4(1.0, 0.0, 0.0, 0.0), vec4(0.0, 1.0, 0.0, 0.0), vec4(0.0, 0.0, 1.0, 0.0), vec4(0.0, 0.0, 0.0, 1.0));
    }
    let i = indices + vec4(base);
    return bones[i.x] * weights.x + bones[i.y] * weights.y + bones[i.z] * weights.z + bones[i.w] * weights.w;
}
