package org.acme.imagewatch.data.remote

import retrofit2.http.Body
import retrofit2.http.GET
import retrofit2.http.POST
import retrofit2.http.Path
import retrofit2.http.Query

interface HubService {

    @GET("v2/repositories/{org}/")
    suspend fun orgRepositories(@Path("org") org: String, @Query("page_size") size: Int = 100): RepoPage

    @GET("v2/repositories/{org}/{image}/tags")
    suspend fun tags(@Path("org") org: String, @Path("image") image: String): TagPage

    data class SignIn(val username: String, val password: String)

    @GET("v2/namespaces/{org}/repositories")
    suspend fun namespaceRepositories(@Path("org") org: String): RepoPage

    @POST("v2/users/login")
    suspend fun signIn(@Body body: SignIn): Jwt
}
