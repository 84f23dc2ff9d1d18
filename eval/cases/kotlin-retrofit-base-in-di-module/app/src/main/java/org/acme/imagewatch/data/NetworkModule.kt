package org.acme.imagewatch.data

import dagger.Module
import dagger.Provides
import dagger.hilt.InstallIn
import dagger.hilt.components.SingletonComponent
import okhttp3.OkHttpClient
import org.acme.imagewatch.data.remote.HubService
import retrofit2.Retrofit
import retrofit2.converter.moshi.MoshiConverterFactory

@Module
@InstallIn(SingletonComponent::class)
object NetworkModule {
    @Provides
    fun hubService(client: OkHttpClient): HubService =
        Retrofit.Builder()
            .baseUrl("https://hub.docker.com/")
            .client(client)
            .addConverterFactory(MoshiConverterFactory.create())
            .build()
            .create(HubService::class.java)
}
