# Engine clients for the report jobs (stevedore).
library(stevedore)

old_daemon <- function() {
  stevedore::docker_client(api_version = "1.35")
}

current <- docker_client(api_version = "auto", quiet = TRUE)

pinned <- docker_client(
  api_version = "1.41",
  quiet = TRUE
)

plain <- docker_client()
