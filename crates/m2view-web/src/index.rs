//! Folder index pages, as static file servers write them for a folder
//! without `index.html` (Python's `http.server`, nginx `autoindex`,
//! Apache `mod_autoindex`): their links that go one level down are the
//! folder's files and sub-folders. Pure text work, tested natively.

/// One entry of a folder index page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The file or folder name, decoded (`Bear Skin.blp`).
    pub name: String,
    /// A sub-folder (its link ends with `/`).
    pub folder: bool,
}

/// The entries of index page `html`: every `href` naming one file or
/// sub-folder of the page's own folder (sorting links `?C=N`, anchors,
/// absolute paths, other sites and `../` are not entries), HTML entities
/// and percent escapes decoded, each name once.
pub fn entries(html: &str) -> Vec<Entry> {
    // ASCII lower-casing keeps byte offsets: `lower` finds, `html` gives.
    let lower = html.to_ascii_lowercase();
    let mut out: Vec<Entry> = Vec::new();
    let mut from = 0;
    while let Some(start) = next_href(&lower, from) {
        let rest = &html[start..];
        let value = match rest.chars().next().filter(|c| *c == '"' || *c == '\'') {
            Some(q) => &rest[1..rest[1..].find(q).map_or(rest.len(), |e| e + 1)],
            None => &rest[..rest.find(|c: char| c.is_whitespace() || c == '>').unwrap_or(rest.len())],
        };
        from = start + value.len().max(1);
        let Some(link) = percent_decode(&html_decode(value)) else { continue };
        let (name, folder) = match link.strip_suffix('/') {
            Some(n) => (n.to_string(), true),
            None => (link, false),
        };
        let leaves = name.is_empty()
            || name.starts_with(['?', '#', '/', '.'])
            || name.contains(['/', '\\', '?', '#', ':', '"', '\'', '<', '>']);
        if !leaves && !out.iter().any(|e| e.name == name) {
            out.push(Entry { name, folder });
        }
    }
    out
}

/// The offset of the value after the next `href=` in `lower` (the page
/// lower-cased) at or after `from`.
fn next_href(lower: &str, mut from: usize) -> Option<usize> {
    while let Some(i) = lower.get(from..)?.find("href") {
        let after = from + i + 4;
        if let Some(v) = lower[after..].trim_start().strip_prefix('=') {
            return Some(lower.len() - v.trim_start().len());
        }
        from = after;
    }
    None
}

/// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` and other numeric references
/// decoded (an unknown entity stays as written).
fn html_decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix('#')
                .and_then(|n| match n.strip_prefix(['x', 'X']) {
                    Some(hex) => u32::from_str_radix(hex, 16).ok(),
                    None => n.parse().ok(),
                })
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Percent escapes decoded as UTF-8 (`None`: a bad escape or bad UTF-8).
fn percent_decode(s: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(s.len());
    let mut it = s.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex = [it.next()?, it.next()?];
            bytes.push(u8::from_str_radix(std::str::from_utf8(&hex).ok()?, 16).ok()?);
        } else {
            bytes.push(b);
        }
    }
    String::from_utf8(bytes).ok()
}

/// `path`'s segments percent-encoded for a URL (everything but unreserved
/// characters; `/` separates segments).
pub fn encode_path(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(name: &str) -> Entry {
        Entry { name: name.into(), folder: false }
    }

    fn folder(name: &str) -> Entry {
        Entry { name: name.into(), folder: true }
    }

    #[test]
    fn python_http_server_index() {
        // As Python 3.11's http.server writes it (html.escape of urllib.parse.quote).
        let html = r#"<!DOCTYPE HTML>
<html lang="en"><head><title>Directory listing for /samples/Koward_Improved_Models/</title></head>
<body><h1>Directory listing for /samples/Koward_Improved_Models/</h1><hr><ul>
<li><a href="Creature/">Creature/</a></li>
<li><a href="CreatureDisplayInfo.csv">CreatureDisplayInfo.csv</a></li>
<li><a href="Bear%20Skin%20%26%20Fur.blp">Bear Skin &amp; Fur.blp</a></li>
<li><a href="caf%C3%A9.m2">café.m2</a></li>
</ul><hr></body></html>"#;
        assert_eq!(
            entries(html),
            [folder("Creature"), file("CreatureDisplayInfo.csv"), file("Bear Skin & Fur.blp"), file("café.m2")]
        );
    }

    #[test]
    fn nginx_and_apache_indexes_leave_out_what_does_not_go_down() {
        let nginx = r#"<html><head><title>Index of /data/</title></head><body><h1>Index of /data/</h1><hr><pre>
<a href="../">../</a>
<a href="DBFilesClient/">DBFilesClient/</a>                                      24-Nov-2026 15:01       -
<a href="Bear2.m2">Bear2.m2</a>                                           24-Nov-2026 15:01    12345
</pre><hr></body></html>"#;
        assert_eq!(entries(nginx), [folder("DBFilesClient"), file("Bear2.m2")]);
        let apache = r##"<table><tr><th><a href="?C=N;O=D">Name</a></th></tr>
<tr><td><a href="/data/">Parent Directory</a></td></tr>
<tr><td><a href='Creature/'>Creature/</a></td></tr>
<tr><td><a HREF=Bear2Skin.blp>Bear2Skin.blp</a></td></tr>
<tr><td><a href="https://example.com/x.m2">elsewhere</a> <a href="#top">top</a> <a href="a/b.m2">deeper</a></td></tr>
<tr><td><a href="Bear2Skin.blp">again</a></td></tr></table>"##;
        assert_eq!(entries(apache), [folder("Creature"), file("Bear2Skin.blp")]);
    }

    #[test]
    fn malformed_pages_give_what_they_can() {
        assert_eq!(entries(""), []);
        assert_eq!(entries("<a href=\"unterminated"), [file("unterminated")]);
        assert_eq!(
            entries("<a href=\"bad%zz.m2\">x</a><a href=\"bad%C3.m2\">y</a><a href=\"ok.m2\">"),
            [file("ok.m2")]
        );
        assert_eq!(entries("<p>href</p> <a href=\"&#x41;&#66;&bogus;.m2\">"), [file("AB&bogus;.m2")]);
    }

    #[test]
    fn paths_are_encoded_by_segment() {
        assert_eq!(encode_path("Creature/Bear 2/Bear&Skin#1.blp"), "Creature/Bear%202/Bear%26Skin%231.blp");
        assert_eq!(encode_path("café"), "caf%C3%A9");
    }
}
