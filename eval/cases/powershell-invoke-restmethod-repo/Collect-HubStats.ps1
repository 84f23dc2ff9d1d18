# Collect-HubStats.ps1: release and pull statistics for the distribution

$since = Get-Date -Date "2024-01-01"

$releases = Invoke-RestMethod https://api.github.com/repos/acme-linux/distro/releases
$releases | Where-Object { $_.published_at -gt $since } |
    Select-Object name, published_at | Export-Csv Releases.csv -NoType

$repoStats = Invoke-RestMethod https://hub.docker.com/v2/repositories/acmelinux/distro/
$repoStats | Select-Object last_updated, pull_count | Export-Csv HubTotals.csv -NoType

$tagStats = Invoke-RestMethod "https://hub.docker.com/v2/repositories/acmelinux/distro/tags?page_size=100&page=1&ordering=last_updated"
$rows = foreach ($tag in $tagStats.results) {
    [PSCustomObject]@{ name = $tag.name; pushed = $tag.tag_last_pushed; pulled = $tag.tag_last_pulled }
}
$rows | Sort-Object pushed | Export-Csv HubTags.csv -NoType
