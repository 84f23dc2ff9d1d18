package org.acme.gradle.hub

import com.fasterxml.jackson.databind.ObjectMapper
import com.fasterxml.jackson.module.kotlin.registerKotlinModule
import okhttp3.MediaType.Companion.toMediaType
import okhttp3.OkHttpClient
import okhttp3.Request
import okhttp3.RequestBody.Companion.toRequestBody
import org.gradle.api.DefaultTask
import org.gradle.api.provider.Property
import org.gradle.api.tasks.Input
import org.gradle.api.tasks.TaskAction

@org.gradle.work.DisableCachingByDefault(because = "Talks to Docker Hub")
abstract class PushHubReadmeTask : DefaultTask() {

    @get:Input
    abstract val hubUser: Property<String>

    @get:Input
    abstract val hubToken: Property<String>

    @get:Input
    abstract val repository: Property<String>

    @get:Input
    abstract val readme: Property<String>

    private val http = OkHttpClient()
    private val json = ObjectMapper().registerKotlinModule()

    @TaskAction
    fun push() {
        val jwt = signIn(hubUser.get(), hubToken.get())
        patchDescription(jwt)
    }

    private fun signIn(user: String, token: String): String {
        val url = "https://hub.docker.com/v2/users/login/"
        val body = json.writeValueAsString(mapOf("username" to user, "password" to token))
            .toRequestBody("application/json".toMediaType())
        val request = Request.Builder().url(url).post(body).build()
        http.newCall(request).execute().use { response ->
            check(response.isSuccessful) { "sign-in failed: ${response.code}" }
            return json.readTree(response.body!!.string())["token"].asText()
        }
    }

    private fun patchDescription(jwt: String) {
        val url = "https://hub.docker.com/v2/repositories/${repository.get()}/"
        val body = json.writeValueAsString(mapOf("full_description" to readme.get()))
            .toRequestBody("application/json".toMediaType())
        val request = Request.Builder().url(url).patch(body).addHeader("Authorization", "JWT $jwt").build()
        http.newCall(request).execute().use { response ->
            check(response.isSuccessful) { "update failed: ${response.code}" }
        }
    }
}
