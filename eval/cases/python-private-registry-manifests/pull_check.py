import requests

registry_url = "https://registry.corp.example"
image_name = "billing:latest"

manifest_url = f"{registry_url}/v2/{image_name}/manifests/latest"
r = requests.get(manifest_url, auth=("svc", "secret"))
print("ok" if r.status_code == 200 else "missing")

artifactory_url = "https://artifacts.corp.example"
repo = "docker-local"
r = requests.get(f"{artifactory_url}/{repo}/{image_name}/latest", auth=("svc", "secret"))
print(r.status_code)
