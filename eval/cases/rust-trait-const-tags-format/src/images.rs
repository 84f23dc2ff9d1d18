use std::env;

pub trait Published {
    const TAG_VAR: &'static str;
    const REPOSITORY: &'static str;

    fn tag() -> String {
        env::var(Self::TAG_VAR).unwrap_or("latest".to_string())
    }
}

const HUB_API: &str = "https://hub.docker.com/v2";

pub async fn remote_digest<T: Published>() -> Result<String, reqwest::Error> {
    let url = format!(
        "https://hub.docker.com/v2/repositories/{}/tags/{}/?page_size=100",
        T::REPOSITORY,
        T::tag(),
    );
    let page: serde_json::Value = reqwest::get(&url).await?.json().await?;
    Ok(page["images"][0]["digest"].to_string())
}

pub async fn stars<T: Published>(client: &reqwest::Client) -> Result<u64, reqwest::Error> {
    let mut url = String::from(HUB_API);
    url.push_str("/repositories/");
    url.push_str(T::REPOSITORY);
    let repo: serde_json::Value = client.get(&url).send().await?.json().await?;
    Ok(repo["star_count"].as_u64().unwrap_or(0))
}

pub struct Node;

impl Published for Node {
    const TAG_VAR: &'static str = "NODE_IMAGE_TAG";
    const REPOSITORY: &'static str = "acmechain/node";
}
