# Nudges a download counter: reads the image's pull count from the Hub and
# remembers the last value seen in an .rds file next to the script.
tally <- function(which) {
  if (which == "mlab-notebook") {
    where <- "https://hub.docker.com/v2/repositories/mlabteam/notebook"
  }
  if (which == "mlab-notebook-gpu") {
    where <- "https://hub.docker.com/v2/repositories/mlabteam/notebook-gpu"
  }
  if (which == "qstat-base") {
    where <- "https://hub.docker.com/v2/repositories/qstat/base"
  }
  seen_file <- paste0(which, ".rds")
  if (file.exists(seen_file)) {
    before <- readRDS(seen_file)
  } else {
    before <- 0
  }
  card <- jsonlite::fromJSON(where)
  grown <- card$pull_count - before
  if (grown > 0) {
    message(which, ": ", grown, " new pulls")
    saveRDS(card$pull_count, file = seen_file)
  }
}

tally_pair <- function(gpu = FALSE) {
  if (gpu) {
    where <- "https://hub.docker.com/v2/repositories/mlabteam/notebook-gpu"
    seen_file <- "gpu.rds"
  } else {
    where <- "https://hub.docker.com/v2/repositories/mlabteam/notebook"
    seen_file <- "cpu.rds"
  }
  card <- jsonlite::fromJSON(where)
  saveRDS(card$pull_count, file = seen_file)
}

for (img in c("mlab-notebook", "mlab-notebook-gpu", "qstat-base")) tally(img)
tally_pair(TRUE)
