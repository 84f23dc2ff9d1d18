package org.acme.rollout.registry

import com.fasterxml.jackson.module.kotlin.jacksonObjectMapper
import kotlinx.coroutines.Dispatchers
import kotlinx.coroutines.withContext
import okhttp3.Credentials
import okhttp3.OkHttpClient
import okhttp3.Request

class HubTagSource : TagSource {
    private val http = OkHttpClient.Builder().build()
    private val json = jacksonObjectMapper()

    override suspend fun tagsOf(image: String, login: RegistryLogin?): List<String> =
        withContext(Dispatchers.IO) {
            val fullName = if (image.contains("/")) image else "library/$image"
            val request =
                Request
                    .Builder()
                    .url("https://hub.docker.com/v2/repositories/$fullName/tags/?page_size=100")
                    .get()
            login?.let { request.header("Authorization", Credentials.basic(it.user, it.secret)) }
            http.newCall(request.build()).execute().use { response ->
                if (!response.isSuccessful) return@withContext emptyList()
                json.readTree(response.body?.string()).path("results").map { it.path("name").asText() }
            }
        }

    override suspend fun digestOf(image: String, tag: String): String? =
        withContext(Dispatchers.IO) {
            val fullName = if (image.contains("/")) image else "library/$image"
            val url = "https://hub.docker.com/v2/repositories/$fullName/tags/$tag/"
            http.newCall(Request.Builder().url(url).get().build()).execute().use { response ->
                json.readTree(response.body?.string()).path("digest").asText(null)
            }
        }
}
