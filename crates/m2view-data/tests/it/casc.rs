//! A CASC install as a VFS source: a storage written by this project in
//! the real on-disk layout (`m2view_casc::fixtures`; no complete local
//! storage is public), read by FileDataID, by listfile name, by the root's
//! name hashes, and listed; the listfile also names numbered loose files.

use std::path::PathBuf;
use std::sync::Arc;

use m2view_casc::fixtures::{self, File, Product};
use m2view_data::{Files, Listfile, SpecOptions, Vfs};

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("m2view-data-casc-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn install(dir: &std::path::Path) {
    let files = vec![
        File::new(5408474, None, b"MD21 model".to_vec()),
        File::new(5408779, None, b"BLP2 texture".to_vec()),
        File::new(123, Some("Interface/Glues/Named.blp"), b"named in the root".to_vec()),
    ];
    fixtures::write(dir, &[Product::retail(files)]).unwrap();
}

fn listfile() -> Arc<Listfile> {
    Arc::new(Listfile::parse(
        "5408474;world/expansion09/doodads/test/5408474.m2\n5408779;world/expansion09/doodads/test/tex.blp\n".into(),
        "listfile.csv",
    ))
}

#[test]
fn files_by_id_by_name_and_by_hash() {
    let d = tmp("ids");
    install(&d);
    let lf = listfile();
    let mut vfs = Vfs::new();
    vfs.add_spec(&d, &SpecOptions { listfile: Some(&lf), ..Default::default() }).unwrap();
    assert_eq!(vfs.read_file("fdid:5408474").unwrap().unwrap().0, b"MD21 model");
    assert_eq!(vfs.read_file("World\\Expansion09\\Doodads\\Test\\TEX.blp").unwrap().unwrap().0, b"BLP2 texture");
    // Not in the listfile, but the root has its name hash.
    assert_eq!(vfs.read_file("interface/glues/named.blp").unwrap().unwrap().0, b"named in the root");
    // Found by ID, shown by name.
    assert_eq!(
        vfs.find(std::path::Path::new("fdid:5408779")).unwrap(),
        PathBuf::from("world/expansion09/doodads/test/tex.blp")
    );
    let listed: Vec<String> = vfs.list().into_iter().map(|(e, _)| e.path).collect();
    assert_eq!(
        listed,
        ["fdid:123", "world/expansion09/doodads/test/5408474.m2", "world/expansion09/doodads/test/tex.blp"]
    );
    let dir = vfs.list_dir(std::path::Path::new("World/Expansion09/Doodads/Test"));
    assert_eq!(dir.len(), 2);
    assert_eq!(vfs.read_file("fdid:999").unwrap(), None);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn numbered_loose_files_are_filedataids() {
    let d = tmp("loose");
    std::fs::create_dir_all(d.join("resources/M2")).unwrap();
    std::fs::write(d.join("resources/M2/5408474.m2"), b"model").unwrap();
    let mut vfs = Vfs::new();
    vfs.add_spec(&d, &SpecOptions { listfile: Some(&listfile()), ..Default::default() }).unwrap();
    assert_eq!(vfs.read_file("FDID:5408474").unwrap().unwrap().0, b"model");
    // By the listfile's name of that ID.
    assert_eq!(vfs.read_file("world/expansion09/doodads/test/5408474.m2").unwrap().unwrap().0, b"model");
    let _ = std::fs::remove_dir_all(&d);
}
