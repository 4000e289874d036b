//! HTTP as TACT uses it: plain `http://` GETs of whole files or byte
//! ranges, with timeouts, retries with backoff on 5xx answers and dropped
//! connections, and failover between the hosts a `cdns` row lists, in
//! order (wowdev wiki "TACT"; wow.export's `casc-source-remote.js` does the
//! same). The client is ureq, without TLS.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use crate::error::{CdnError, Result};

/// Tries per host before the next one.
const TRIES: u32 = 3;
/// The first wait after a failed try; doubled each time.
const BACKOFF: Duration = Duration::from_millis(100);

/// One answer of a GET.
enum Answer {
    /// The body.
    Body(Vec<u8>),
    /// 404 (or 410): the host does not have it.
    Missing,
    /// Worth another try: a 5xx, a reset, a timeout (the message).
    Retry(String),
    /// Worth another try: the answer is wrong, maybe by accident (a
    /// truncated body, an ignored range; the message).
    Wrong(String),
    /// Not worth another try at this host: a 4xx answer (the message).
    Refused(String),
}

/// Counts of what went over the network.
#[derive(Debug, Default)]
pub struct Stats {
    /// Requests answered with a body.
    pub requests: AtomicU64,
    /// Bytes of those bodies.
    pub bytes: AtomicU64,
}

/// An HTTP client with TACT's timeouts, counting what it fetches (its
/// clones share the count).
#[derive(Debug, Clone)]
pub struct Http {
    agent: ureq::Agent,
    stats: Arc<Stats>,
}

impl Default for Http {
    fn default() -> Http {
        Http::new(Duration::from_secs(10), Duration::from_secs(60))
    }
}

impl Http {
    /// A client giving up on a connection after `connect` and on a whole
    /// request after `total`.
    pub fn new(connect: Duration, total: Duration) -> Http {
        let config = ureq::Agent::config_builder()
            .timeout_connect(Some(connect))
            .timeout_global(Some(total))
            .http_status_as_error(false)
            .max_redirects(4)
            .build();
        Http { agent: ureq::Agent::new_with_config(config), stats: Arc::default() }
    }

    /// This client with a count of its own, from zero.
    pub fn with_own_stats(self) -> Http {
        Http { stats: Arc::default(), ..self }
    }

    /// What it has fetched.
    pub fn stats(&self) -> &Arc<Stats> {
        &self.stats
    }

    /// One GET of `url`, its body limited to `limit` bytes; with `range`
    /// (`offset`, `len`), exactly those bytes or an error.
    fn once(&self, url: &str, range: Option<(u64, u32)>, limit: u64) -> Answer {
        let mut req = self.agent.get(url);
        if let Some((at, len)) = range {
            req = req.header("Range", format!("bytes={at}-{}", at + u64::from(len).max(1) - 1));
        }
        let mut resp = match req.call() {
            Ok(r) => r,
            Err(e) => return Answer::Retry(e.to_string()),
        };
        let status = resp.status().as_u16();
        match status {
            404 | 410 => return Answer::Missing,
            500..=599 => return Answer::Retry(format!("HTTP {status}")),
            200 if range.is_none() => {}
            206 if range.is_some() => {}
            200 => return Answer::Wrong("the host ignored the byte range (HTTP 200, not 206)".into()),
            s => return Answer::Refused(format!("HTTP {s}")),
        }
        let declared = resp.body().content_length();
        let want = range.map(|(_, len)| u64::from(len));
        if let Some(n) = declared.filter(|&n| n > limit || want.is_some_and(|w| w != n)) {
            return Answer::Wrong(format!("the answer declares {n} bytes, {} expected", want.unwrap_or(limit)));
        }
        match resp.body_mut().with_config().limit(limit).read_to_vec() {
            Ok(b) if want.is_some_and(|w| w != b.len() as u64) || declared.is_some_and(|d| d != b.len() as u64) => {
                Answer::Wrong(format!("truncated: {} bytes of {}", b.len(), want.or(declared).unwrap_or(0)))
            }
            Ok(b) => Answer::Body(b),
            Err(ureq::Error::BodyExceedsLimit(n)) => Answer::Wrong(format!("the answer exceeds {n} bytes")),
            Err(e) => Answer::Wrong(format!("truncated: {e}")),
        }
    }

    /// GETs `path` (or the byte `range` of it) from the first of `bases`
    /// (`http://host[:port]/prefix`) that has it, trying each `TRIES` times
    /// with backoff on 5xx answers and transport errors. `Ok(None)`: every
    /// host answered 404. `what` names it in errors.
    ///
    /// # Errors
    /// [`CdnError::Unreachable`] when no host answered; [`CdnError::Bad`]
    /// when one answered wrongly (a truncated body, a range not honoured, a
    /// size over `limit`) and no later host answered rightly.
    pub fn get(
        &self,
        bases: &[String],
        path: &str,
        range: Option<(u64, u32)>,
        limit: u64,
        what: &str,
    ) -> Result<Option<Vec<u8>>> {
        let mut failure: Option<CdnError> = None;
        let mut missing = false;
        for base in bases {
            let url = format!("{}/{path}", base.trim_end_matches('/'));
            for attempt in 0..TRIES {
                match self.once(&url, range, limit) {
                    Answer::Body(b) => {
                        self.stats.requests.fetch_add(1, Ordering::Relaxed);
                        self.stats.bytes.fetch_add(b.len() as u64, Ordering::Relaxed);
                        return Ok(Some(b));
                    }
                    Answer::Missing => {
                        missing = true;
                        break;
                    }
                    Answer::Refused(m) => {
                        failure = Some(CdnError::Bad { what: what.into(), url: url.clone(), message: m });
                        break;
                    }
                    Answer::Wrong(m) => {
                        failure = Some(CdnError::Bad { what: what.into(), url: url.clone(), message: m });
                        if attempt + 1 < TRIES {
                            std::thread::sleep(BACKOFF * 2u32.pow(attempt));
                            continue;
                        }
                        break;
                    }
                    Answer::Retry(m) => {
                        // A wrong answer says more than a later host's silence.
                        if !failure.as_ref().is_some_and(CdnError::is_input) {
                            failure = Some(CdnError::Unreachable { what: what.into(), url: url.clone(), message: m });
                        }
                        if attempt + 1 < TRIES {
                            std::thread::sleep(BACKOFF * 2u32.pow(attempt));
                        }
                    }
                }
            }
        }
        match failure {
            Some(e) if !missing || e.is_input() => Err(e),
            _ if missing => Ok(None),
            _ => Err(CdnError::NotOffered(format!("{what}: no hosts to ask"))),
        }
    }
}
