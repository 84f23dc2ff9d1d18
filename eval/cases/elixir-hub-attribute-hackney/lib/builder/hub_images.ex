defmodule Builder.HubImages do
  @moduledoc "Signs in to Docker Hub and lists what the builder pushed."

  @hub_root "https://hub.docker.com/"

  def sign_in(user, secret) do
    endpoint = @hub_root <> "v2/users/login/"
    headers = [{"content-type", "application/json"}]
    payload = %{username: user, password: secret}

    {:ok, 200, _hdrs, reply} =
      Builder.Retry.run("hub sign-in #{endpoint}", fn ->
        :hackney.request(:post, endpoint, headers, Jason.encode!(payload), [:with_body])
      end)

    Application.put_env(:builder, :hub_jwt, Jason.decode!(reply)["token"])
  end

  def owner_images(owner) do
    (@hub_root <> "v2/repositories/#{owner}/?page_size=50")
    |> hub_get()
  end

  def image_tags(owner, image) do
    (@hub_root <> "v2/repositories/#{owner}/#{image}/tags?page_size=100")
    |> hub_get()
  end

  defp hub_get(address) do
    {:ok, 200, _hdrs, reply} =
      Builder.Retry.run("hub #{address}", fn -> :hackney.request(:get, address, [], "", [:with_body]) end)

    Jason.decode!(reply)["results"]
  end
end
