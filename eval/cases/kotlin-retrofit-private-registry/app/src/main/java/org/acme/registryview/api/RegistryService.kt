package org.acme.registryview.api

import retrofit2.Retrofit
import retrofit2.http.GET
import retrofit2.http.Path
import rx.Observable

interface RegistryService {
    @GET("v2/_catalog")
    fun catalog(): Observable<Catalog>

    @GET("v2/{repository}/tags/list")
    fun tags(@Path("repository") repository: String): Observable<Tags>

    @GET("v2/repositories/{team}/")
    fun teamRepositories(@Path("team") team: String): Observable<Catalog>
}

fun registryService(settings: Settings): RegistryService = Retrofit.Builder()
    .baseUrl("https://${settings.host}:${settings.port}/")
    .build()
    .create(RegistryService::class.java)
