#!/usr/bin/env python3
import json
import urllib.request
from datetime import datetime

# show the newest published tags before asking for a version
raw = urllib.request.urlopen('https://registry.hub.docker.com/v2/repositories/lanrouter/gateway/tags?page_size=10') \
    .read() \
    .decode('utf-8')
tags = json.loads(raw).get('results', [])
tags.sort(key=lambda t: datetime.strptime(t.get('last_updated'), '%Y-%m-%dT%H:%M:%S.%f%z'))
print('recent tags:')
print('\n'.join('  ' + t.get('name') for t in tags[-4:]))
version = input('version to release: ')
print(f"lanrouter/gateway:{version}")
