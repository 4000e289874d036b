//! The version service's two tables of a product (wowdev wiki "TACT",
//! sections Version Server and CDNs): `versions` (per region: the build
//! config, the CDN config, the build's number and name) and `cdns` (per
//! region: the path prefix and the hosts to try, in order). Both are
//! pipe-separated tables whose first line names and types the columns
//! (`Region!STRING:0|BuildConfig!HEX:16|…`), read by column name.

use m2view_casc::config::{Build, build_info, parse_key};

use crate::error::{CdnError, Result};

/// The public version service of `region` (the wiki's TACT page: the
/// regional patch servers on port 1119; China's has its own domain).
pub fn public_server(region: &str) -> String {
    match region {
        "cn" => "http://cn.patch.battlenet.com.cn:1119".to_string(),
        r => format!("http://{r}.patch.battle.net:1119"),
    }
}

/// The regions the version service knows.
pub const REGIONS: [&str; 5] = ["us", "eu", "kr", "tw", "cn"];

/// One row of `versions`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    /// `Region` (`us`, `eu`, …).
    pub region: String,
    /// `BuildConfig`: the build config's key.
    pub build_config: String,
    /// `CDNConfig`: the CDN config's key.
    pub cdn_config: String,
    /// `BuildId` (`65299`).
    pub build_id: String,
    /// `VersionsName` (`11.2.7.65299`).
    pub name: String,
}

/// One row of `cdns`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cdns {
    /// `Name`: the region.
    pub region: String,
    /// `Path`: the prefix on every host (`tpr/wow`).
    pub path: String,
    /// `Hosts`: host names, each maybe with a port, to try in order.
    pub hosts: Vec<String>,
}

impl Cdns {
    /// The base URLs to try, in order: `http://<host>/<path>`.
    pub fn bases(&self) -> Vec<String> {
        self.hosts.iter().map(|h| format!("http://{h}/{}", self.path.trim_matches('/'))).collect()
    }
}

fn rows(text: &[u8], what: &str, url: &str, need: &[&str]) -> Result<Vec<Build>> {
    let text = std::str::from_utf8(text).map_err(|e| CdnError::bad(what, url, format!("not text: {e}")))?;
    let rows = build_info(text, what).map_err(|e| CdnError::bad(what, url, e))?;
    let header = text.lines().next().unwrap_or_default().to_ascii_lowercase();
    for col in need {
        if !header.split('|').any(|c| c.split('!').next() == Some(&col.to_ascii_lowercase())) {
            return Err(CdnError::bad(what, url, format!("no column {col} in the header line")));
        }
    }
    Ok(rows)
}

/// Parses a `versions` table read from `url`.
///
/// # Errors
/// Not a table, a missing column, a row of another width, or a config key
/// that is not 32 hex digits ([`CdnError::Bad`], naming the line).
pub fn parse_versions(text: &[u8], url: &str) -> Result<Vec<Version>> {
    let what = "the versions table";
    let rows = rows(text, what, url, &["Region", "BuildConfig", "CDNConfig", "VersionsName"])?;
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let v = Version {
            region: r.get("Region").to_string(),
            build_config: r.get("BuildConfig").to_ascii_lowercase(),
            cdn_config: r.get("CDNConfig").to_ascii_lowercase(),
            build_id: r.get("BuildId").to_string(),
            name: r.get("VersionsName").to_string(),
        };
        for key in [&v.build_config, &v.cdn_config] {
            if parse_key(key).is_none() {
                return Err(CdnError::bad(what, url, format!("row {}: {key:?} is not a 32-digit hex key", i + 1)));
            }
        }
        out.push(v);
    }
    Ok(out)
}

/// Parses a `cdns` table read from `url`.
///
/// # Errors
/// Not a table, a missing column, a row of another width, or a row without
/// hosts ([`CdnError::Bad`]).
pub fn parse_cdns(text: &[u8], url: &str) -> Result<Vec<Cdns>> {
    let what = "the cdns table";
    let rows = rows(text, what, url, &["Name", "Path", "Hosts"])?;
    let mut out = Vec::with_capacity(rows.len());
    for (i, r) in rows.iter().enumerate() {
        let hosts: Vec<String> = r.get("Hosts").split_whitespace().map(str::to_string).collect();
        let bad_host = hosts.iter().find(|h| h.contains('/') || h.contains('@'));
        if hosts.is_empty() || bad_host.is_some() {
            return Err(CdnError::bad(what, url, format!("row {}: hosts {:?}", i + 1, r.get("Hosts"))));
        }
        out.push(Cdns { region: r.get("Name").to_string(), path: r.get("Path").to_string(), hosts });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const VERSIONS: &str = "Region!STRING:0|BuildConfig!HEX:16|CDNConfig!HEX:16|KeyRing!HEX:16|BuildId!DEC:4|VersionsName!String:0|ProductConfig!HEX:16\n## seqn = 3016450\nus|0123456789abcdef0123456789abcdef|fedcba9876543210fedcba9876543210||65299|11.2.7.65299|00000000000000000000000000000000\n";

    #[test]
    fn tables_read_by_column_name() {
        let v = parse_versions(VERSIONS.as_bytes(), "u").unwrap();
        assert_eq!((v[0].region.as_str(), v[0].name.as_str(), v[0].build_id.as_str()), ("us", "11.2.7.65299", "65299"));
        let c = parse_cdns(
            b"Name!STRING:0|Path!STRING:0|Hosts!STRING:0|Servers!STRING:0|ConfigPath!STRING:0\n## seqn = 1\neu|tpr/wow|a.example:8080 b.example|http://a.example/?maxhosts=4|tpr/configs/data\n",
            "u",
        )
        .unwrap();
        assert_eq!(c[0].bases(), ["http://a.example:8080/tpr/wow", "http://b.example/tpr/wow"]);
    }

    #[test]
    fn mutated_tables_are_errors_naming_the_url() {
        for bad in [
            VERSIONS.replace("Region!", "Regio!"),
            VERSIONS.replace("0123456789abcdef0123", "0123456789abcdef012x"),
            VERSIONS.replace("|65299|", "|65299|x|"),
            "<html>503</html>".to_string(),
        ] {
            let e = parse_versions(bad.as_bytes(), "http://h/wow/versions").unwrap_err();
            assert!(e.is_input() && e.to_string().contains("http://h/wow/versions"), "{e}");
        }
        assert!(parse_cdns(b"Name!STRING:0|Path!STRING:0|Hosts!STRING:0\nus|tpr/wow|\n", "u").is_err());
    }
}
