package org.acme.scan

import org.springframework.stereotype.Service
import org.springframework.web.client.RestClient

@Service
class HubClient(properties: ScanProperties) {

    private val apiUrl = properties.hub.apiUrl
    private val rest = RestClient.create()

    fun tags(namespace: String?, repository: String): List<String> {
        val page = rest.get()
            .uri("$apiUrl/namespaces/${namespace ?: "library"}/repositories/${repository}/tags?page_size=100")
            .retrieve()
            .body(TagPage::class.java)
        return page?.results?.map { it.name } ?: emptyList()
    }
}
