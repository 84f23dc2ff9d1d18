from .http_base import HttpBase


class HubApi(HttpBase):
    def __init__(self):
        super(HubApi, self).__init__('https://hub.docker.com')

    def token(self, user, secret):
        path = '/v2/users/login'
        reply = self.post(path, data={'username': user, 'password': secret})
        reply.raise_for_status()
        return reply.json()['token']

    def org_repos(self, org, page=1):
        return self.get('/v2/repositories/%s/' % org, params={'page': page}).json()

    def tag_names(self, org, repo):
        reply = self.get('/v2/repositories/%s/%s/tags/' % (org, repo))
        return [t['name'] for t in reply.json()['results']]


class MirrorApi(HttpBase):
    def __init__(self, host):
        HttpBase.__init__(self, 'https://%s' % host)

    def org_repos(self, org):
        return self.get('/v2/repositories/%s/' % org).json()
