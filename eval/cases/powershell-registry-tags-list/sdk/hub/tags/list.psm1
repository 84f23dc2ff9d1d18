function Get-ImageTag([string]$token, [string]$image, [string]$registry = "registry.hub.docker.com") {
  $result = Invoke-WebRequest `
    -Authentication OAuth `
    -Token (ConvertTo-SecureString $token -Force -AsPlainText) `
    "https://$registry/v2/$image/tags/list" `
    -UserAgent "Docker-Client/24.0.7 (Windows)"

  return $result
}

Export-ModuleMember -Function Get-ImageTag
