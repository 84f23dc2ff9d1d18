context("hub api helpers")

test_that(".hub_summary is as expected", {
    expect_equal(
        qstattools:::.hub_summary("qstat/base"),
        "Base image of the qstat tools")
})

test_that(".hub_tag_names lists the published tags", {
    res <- .hub_tag_names("qstat/base")
    expect_true("latest" %in% res)
})

test_that("the hub answers for the team", {
    where = "https://hub.docker.com/v2/repositories/qstat"

    expect_is(GET(where), "response")
    expect_equal(GET(where)$status, 200)
})

test_that("hub requests happen", {
    expect_is(httr::GET("https://hub.docker.com/v2/repositories/qstat"),
              "response")
    expect_is(
        GET("https://hub.docker.com/v2/repositories/qstat/base",
            query = list(`Content-Type` = "application/json")),
        "response"
    )
    expect_is(
        httr::GET("https://hub.docker.com/v2/repositories/qstat/base/tags/?page_size=5"),
        "response"
    )
})
