import httpx

class Scanner:
    LIBRARY_API = 'https://registry.hub.docker.com/v2/repositories/library'
    NS_API = 'https://hub.docker.com/v2/namespaces'

    async def fetch(self, client, url):
        r = await client.get(url)
        if r.status_code != 200:
            short = url.replace(self.LIBRARY_API, '').replace(self.NS_API, '')
            print(short)
        return r.json()

    def tags_url(self, service):
        if '/' in service:
            ns, name = service.split('/')
            return f'{self.NS_API}/{ns}/repositories/{name}/tags'
        return f'{self.LIBRARY_API}/{service}/tags'
