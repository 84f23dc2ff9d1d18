from ansible.module_utils.basic import AnsibleModule
import requests


def main():
    spec = dict(
        url=dict(default="https://hub.docker.com/v2/"),
        token=dict(required=True, no_log=True),
        account=dict(),
        namespace=dict(),
        repository=dict(),
        list_namespaces=dict(type=bool),
        list_repositories=dict(type=bool),
        repository_summary=dict(type=bool),
    )
    module = AnsibleModule(argument_spec=spec)
    headers = {"Authorization": "Bearer {}".format(module.params["token"])}
    if module.params["list_namespaces"]:
        suffix = "repositories/namespaces"
    elif module.params["list_repositories"]:
        suffix = "repositories/" + module.params["account"]
    elif module.params["repository_summary"]:
        suffix = "namespaces/{}/repositories/{}/images-summary".format(
            module.params["namespace"], module.params["repository"]
        )
    else:
        module.fail_json(msg="nothing to do")

    r = requests.get(module.params["url"] + suffix, headers=headers)
    if r.status_code == 200:
        module.exit_json(result=r.json())
    module.fail_json(msg=r.text, code=r.status_code)


if __name__ == "__main__":
    main()
