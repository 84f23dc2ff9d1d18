#!/usr/bin/python
# -*- coding: utf-8 -*-

DOCUMENTATION = """
module: hub_jwt
short_description: Get a JWT from Docker Hub.
options:
  url:
    description:
      - login endpoint.
    required: false
    type: str
    default: 'https://hub.docker.com/v2/users/login'
  username:
    description:
      - Hub account.
    required: true
    type: str
"""

import requests
from ansible.module_utils.basic import AnsibleModule


def main():
    spec = dict(
        url=dict(default="https://hub.docker.com/v2/users/login"),
        username=dict(required=True),
        password=dict(required=True, no_log=True),
    )
    module = AnsibleModule(argument_spec=spec)
    body = {"username": module.params["username"], "password": module.params["password"]}
    r = requests.post(
        module.params["url"],
        json=body,
        headers={"Content-Type": "application/json"},
    )
    if r.status_code == 200:
        module.exit_json(token=r.json()["token"])
    else:
        module.fail_json(msg=r.text, code=r.status_code)


if __name__ == "__main__":
    main()
