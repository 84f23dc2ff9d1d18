package org.acme.hubsync

import retrofit2.Call
import retrofit2.Retrofit
import retrofit2.converter.gson.GsonConverterFactory
import retrofit2.http.Body
import retrofit2.http.GET
import retrofit2.http.POST
import retrofit2.http.Path
import retrofit2.http.Query

interface HubApi {
    @GET("v2/repositories/{team}/")
    fun teamRepositories(@Path("team") team: String, @Query("page") page: Int): Call<RepoPage>

    @GET("v2/repositories/{team}/{name}/tags")
    fun tags(@Path("team") team: String, @Path("name") name: String): Call<TagPage>

    data class Login(val username: String, val password: String)

    @POST("v2/users/login")
    fun login(@Body body: Login): Call<Jwt>
}

fun main() {
    val api = Retrofit.Builder()
        .addConverterFactory(GsonConverterFactory.create())
        .baseUrl("https://hub.docker.com/")
        .build()
        .create(HubApi::class.java)
    println(api.teamRepositories("acme", 1).execute().body())
}
