pub mod auth;
pub mod blobs;
pub mod manifest;

pub const HUB_REGISTRY: &str = "https://registry.hub.docker.com";
