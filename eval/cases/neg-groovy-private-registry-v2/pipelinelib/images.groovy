def removeTag(registry, repository, tag) {
    def digest = digestOf(registry, repository, tag)
    def removed = false
    if (digest != null) {
        def url = String.format("https://%s/v2/%s/manifests/%s", registry, repository, digest)
        def conn = new URL(url).openConnection()
        try {
            conn.setRequestMethod('DELETE')
            conn.setRequestProperty("Accept", "application/vnd.docker.distribution.manifest.v2+json")
            conn.connect()
            removed = conn.responseCode == 202
        } finally {
            conn.disconnect()
        }
    }
    return removed
}

def digestOf(registry, repository, tag) {
    def url = String.format("https://%s/v2/%s/manifests/%s", registry, repository, tag)
    def conn = new URL(url).openConnection()
    conn.setRequestMethod('HEAD')
    conn.connect()
    return conn.responseCode == 200 ? conn.getHeaderField("Docker-Content-Digest") : null
}

def catalog() {
    def registry = 'https://images.northwind.internal'
    def repos = httpRequest(url: "${registry}/v2/repositories/platform/?page_size=100", httpMode: 'GET').content
    sh "curl -s -X POST ${registry}/v2/users/login -d @creds.json > token.json"
    sh 'curl -s -X POST https://images.northwind.internal/v2/repositories/platform/'
    return repos
}

def hubPage(String image) {
    echo "Published: https://hub.docker.com/r/${image}/tags"
    def tags = "https://hub.docker.com/v2/namespaces/northwindci/repositories/${image}/tags".toURL().text
    return tags
}

return this
