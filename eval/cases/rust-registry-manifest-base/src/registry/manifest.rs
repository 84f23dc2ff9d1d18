use reqwest::{blocking::Client, header::ACCEPT, Error};
use serde::Deserialize;

use super::{auth::Token, HUB_REGISTRY};

const MANIFEST_V2: &str = "application/vnd.docker.distribution.manifest.v2+json";

#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub schema_version: u8,
    pub media_type: String,
}

// https://registry.hub.docker.com/v2/library/<repository>/manifests/<tag>
pub fn fetch(repository: &str, tag: Option<&str>, token: &Token) -> Result<Manifest, Error> {
    let url = format!(
        "{base}/v2/library/{repository}/manifests/{tag}",
        base = HUB_REGISTRY,
        repository = repository,
        tag = tag.unwrap_or("latest")
    );
    Client::new()
        .get(url)
        .bearer_auth(&token.value)
        .header(ACCEPT, MANIFEST_V2)
        .send()?
        .json::<Manifest>()
}
