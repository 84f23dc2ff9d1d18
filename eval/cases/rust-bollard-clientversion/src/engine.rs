use bollard::{ClientVersion, Docker};

const SOCKET: &str = "/run/docker.sock";

/// Connects with a fixed Engine API version instead of negotiating one.
pub fn connect() -> Result<Docker, bollard::errors::Error> {
    let pinned = ClientVersion {
        major_version: 1,
        minor_version: 44,
    };
    Docker::connect_with_socket(SOCKET, 120, &pinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_path_carries_version() {
        let docker = connect().unwrap();
        assert_eq!(docker.request_path("/containers/json"), "/v1.44/containers/json");
    }
}
