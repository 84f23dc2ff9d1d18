library(jsonlite)
library(httr)

owner <- "tidepool"
image <- "rstudio-lab"

# every tag we have published, newest first
tag_page <- readLines(curl::curl(paste0("https://hub.docker.com/v2/repositories/", owner, "/", image, "/tags?page_size=100")))
tags <- fromJSON(tag_page)$results

card <- content(GET(paste0("https://hub.docker.com/v2/repositories/", owner, "/", image, "/")))
mine <- content(GET(paste0("https://hub.docker.com/v2/repositories/", owner, "/?page_size=100")))

write(toJSON(tags[, c("name", "last_updated")]), file = "versions.json")
