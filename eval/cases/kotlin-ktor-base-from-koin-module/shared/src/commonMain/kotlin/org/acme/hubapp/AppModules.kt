package org.acme.hubapp

import io.ktor.client.HttpClient
import org.acme.hubapp.network.HubLoginApi
import org.koin.core.module.Module
import org.koin.dsl.module

fun networkModule(): Module = module {
    single { HttpClient() }
    single {
        HubLoginApi(get(), "https://hub.docker.com/v2")
    }
}
