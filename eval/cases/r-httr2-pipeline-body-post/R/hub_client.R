#' Small Docker Hub helpers for the release scripts.
hub_root <- "https://hub.docker.com/v2"

hub_jwt <- function(login, secret) {
  body <- request(paste0(hub_root, "/users/login/")) |>
    req_headers(Accept = "application/json") |>
    req_body_json(list(username = login, password = secret)) |>
    req_perform() |>
    resp_body_json()
  body$token
}

hub_new_repo <- function(jwt, owner, slug, private = TRUE) {
  request("https://hub.docker.com/v2/repositories/") |>
    req_auth_bearer_token(jwt) |>
    req_body_json(list(namespace = owner, name = slug, is_private = private)) |>
    req_perform()
}

hub_owner_repos <- function(owner, size = 50) {
  request(sprintf("%s/repositories/%s/", hub_root, owner)) |>
    req_url_query(page_size = size) |>
    req_perform() |>
    resp_body_json()
}

hub_set_summary <- function(jwt, owner, slug, text) {
  request(sprintf("%s/repositories/%s/%s/", hub_root, owner, slug)) |>
    req_auth_bearer_token(jwt) |>
    req_method("PATCH") |>
    req_body_json(list(description = text)) |>
    req_perform()
}

hub_tag_names <- function(owner, slug) {
  request(sprintf("%s/repositories/%s/%s/tags", hub_root, owner, slug)) |>
    req_url_query(page_size = 100) |>
    req_perform() |>
    resp_body_json()
}
