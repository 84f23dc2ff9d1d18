package org.acme.images

import kotlinx.serialization.json.Json
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive

/** Reads tag information from a registry front end and signs in for private repositories. */
class HubAccessor(private val base: String, secret: String? = "") {

    private val http = JsonHttp()
    private val json = Json { ignoreUnknownKeys = true }
    private val jwt: String = if (secret.isNullOrEmpty()) "" else signIn("release-bot", secret)

    fun tagInfo(image: Image): String {
        val response = http.get("${this.base}/repositories/${image.repo}/tags/${image.tag}", jwt)
        return response.body() ?: ""
    }

    fun recentTags(image: Image, pageSize: Int): String {
        val response = http.get("${this.base}/repositories"
                + "/${image.repo}/tags?page_size=$pageSize", jwt)
        return response.body() ?: ""
    }

    private fun signIn(user: String, secret: String): String {
        val body = JsonObject(mapOf("username" to JsonPrimitive(user), "password" to JsonPrimitive(secret)))
        val response = http.post("${this.base}/users/login", body.toString())
        return json.decodeFromString<TokenReply>(response.body() ?: "").token
    }
}
