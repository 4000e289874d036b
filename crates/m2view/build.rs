//! Windows only: gives `m2view.exe` its icon (`assets/icon/m2view.ico`) and
//! version information (product, description, version from Cargo.toml)
//! through the `winresource` crate: GNU `windres` for `*-windows-gnu`
//! (mingw-w64's `x86_64-w64-mingw32-windres` when cross-building), the
//! Windows SDK's `rc.exe` (or `llvm-rc` elsewhere) for MSVC. Where no
//! resource compiler exists (a `cargo check` of the MSVC target on Linux)
//! the build goes on without them and says so.

fn main() {
    println!("cargo:rerun-if-changed=../../assets/icon/m2view.ico");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let mut res = winresource::WindowsResource::new();
    res.set_icon("../../assets/icon/m2view.ico")
        .set("ProductName", "m2view")
        .set("FileDescription", "m2view: World of Warcraft and Warcraft III model viewer")
        .set("LegalCopyright", "The m2view developers; MIT OR Apache-2.0");
    if let Err(e) = res.compile() {
        println!("cargo:warning=m2view.exe built without its icon and version information: {e}");
    }
}
