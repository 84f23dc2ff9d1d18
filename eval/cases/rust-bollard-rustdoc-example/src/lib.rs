//! Thin helpers around a Docker daemon connection.

use bollard::{ClientVersion, Docker};

/// Connects to a daemon over TCP.
///
/// # Examples
///
/// ```rust,no_run
/// use harbourline::connect_remote;
/// use bollard::{ClientVersion, Docker};
///
/// let pinned = ClientVersion { major_version: 1, minor_version: 42 };
/// let docker = Docker::connect_with_http("http://build-host:2375", 30, &pinned).unwrap();
/// ```
pub fn connect_remote(addr: &str, version: &ClientVersion) -> Result<Docker, bollard::errors::Error> {
    Docker::connect_with_http(addr, 30, version)
}

/// The release notes call API 1.40 the oldest tested version; this is prose, not code.
pub fn describe(docker: &Docker) -> String {
    format!("{:?}", docker.client_version())
}
