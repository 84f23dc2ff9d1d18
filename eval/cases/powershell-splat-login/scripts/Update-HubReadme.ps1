param(
    [string]$Account = $env:HUB_USER,
    [string]$Secret = $env:HUB_SECRET
)

$HubApi = 'https://hub.docker.com/v2'

$login = @{
    Uri         = "$HubApi/users/login/"
    Method      = 'POST'
    ContentType = 'application/json'
}
$creds = @{ username = $Account; password = $Secret } | ConvertTo-Json
$token = (Invoke-RestMethod @login -Body $creds).token

$tagsUri = '{0}/repositories/{1}/tags?page_size={2}' -f $HubApi, "$Account/tools", 50
$tags = Invoke-RestMethod -Uri $tagsUri -Headers @{ Authorization = "JWT $token" }
$tags.results | Select-Object name, last_updated
