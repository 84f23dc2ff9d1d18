async function checkHubCredential(component) {
  const { username, password } = component.data.properties.domain.secret.message;

  const reply = await fetch("https://hub.docker.com/v2/users/login", {
    method: "POST",
    body: JSON.stringify({ username, password }),
    headers: { "Content-Type": "application/json" },
  });
  const json = await reply.json();
  return {
    ok: !!json.token,
    message: json.detail ?? (json.message ?? "Hub login worked"),
  };
}
