from ansible.module_utils.basic import AnsibleModule
import requests


def main():
    spec = dict(
        url=dict(default="https://hub.docker.com/v2/access-tokens/"),
        token=dict(required=True, no_log=True),
        action=dict(choices=["create", "update", "delete"], default="create"),
        uuid=dict(),
        label=dict(),
    )
    module = AnsibleModule(argument_spec=spec)
    headers = {"Authorization": "Bearer {}".format(module.params["token"])}
    if module.params["action"] == "create":
        r = requests.post(module.params["url"], json={"token_label": module.params["label"]}, headers=headers)
    elif module.params["action"] == "update":
        r = requests.patch(module.params["url"] + module.params["uuid"], json={"is_active": True}, headers=headers)
    else:
        r = requests.delete(module.params["url"] + module.params["uuid"], headers=headers)
    module.exit_json(changed=r.ok, code=r.status_code)


if __name__ == "__main__":
    main()
