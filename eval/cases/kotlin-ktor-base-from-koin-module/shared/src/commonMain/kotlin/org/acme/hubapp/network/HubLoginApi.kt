package org.acme.hubapp.network

import io.ktor.client.HttpClient
import io.ktor.client.request.get
import io.ktor.client.request.post
import io.ktor.client.request.setBody
import io.ktor.client.statement.HttpResponse

class HubLoginApi(
    private val client: HttpClient,
    private val apiBase: String,
) {
    suspend fun signIn(account: String, secret: String): HttpResponse {
        return client.post("$apiBase/users/login") {
            setBody(Credentials(account, secret))
        }
    }

    suspend fun members(team: String): HttpResponse =
        client.get("$apiBase/namespaces/$team/members")
}

@kotlinx.serialization.Serializable
internal data class Credentials(val username: String, val password: String)
