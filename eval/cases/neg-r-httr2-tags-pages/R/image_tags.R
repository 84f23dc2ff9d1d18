#' Tags of a Rocker-style image
#'
#' Reads every tag of one of the images the package knows, following the
#' Hub's `next` links until the last page.
#'
#' @param flavor One of `"base"`, `"geo"` or `"ml"`.
#' @param verbose Say which page is read.
#' @return A list: `image`, `tags` and `source` (the API root used).
#' @keywords internal
.image_tags <- function(flavor = "base", verbose = FALSE) {

    flavors <- c(
        base = "r-minimal",
        geo  = "r-geo",
        ml   = "r-ml"
    )

    if (!flavor %in% names(flavors)) {
        cli::cli_abort("{.val {flavor}} is not one of {.val {names(flavors)}}.")
    }

    image    <- paste0("stackworks/", flavors[[flavor]])
    api_root <- "https://hub.docker.com/v2/repositories"
    url      <- sprintf("%s/%s/tags?page_size=100", api_root, image)

    if (verbose) cli::cli_inform("Reading {.url {url}}")

    found <- character(0)

    while (!is.null(url)) {
        resp <- httr2::request(url) |>
            httr2::req_error(is_error = \(r) FALSE) |>
            httr2::req_perform()

        if (httr2::resp_status(resp) != 200L) {
            cli::cli_abort("The Hub answered {httr2::resp_status(resp)} for {.val {image}}.")
        }

        page  <- httr2::resp_body_json(resp)
        found <- c(found, vapply(page$results, `[[`, "", "name"))
        url   <- page$`next`
    }

    list(image = image, tags = found, source = api_root)
}

#' Does a tag exist?
#' @keywords internal
.has_tag <- function(version, flavor = "base") {
    version %in% .image_tags(flavor)$tags
}
