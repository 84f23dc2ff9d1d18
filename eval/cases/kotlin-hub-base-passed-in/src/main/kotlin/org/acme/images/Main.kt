package org.acme.images

fun main(args: Array<String>) {
    val accessor = HubAccessor("https://hub.docker.com/v2", System.getenv("HUB_SECRET"))
    val image = Image(repo = "acme/build-agent", tag = args.firstOrNull() ?: "latest")
    println(accessor.recentTags(image, 50))
}
