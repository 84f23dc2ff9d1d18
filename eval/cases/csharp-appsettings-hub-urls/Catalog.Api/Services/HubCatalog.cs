using System.Net.Http.Json;
using Microsoft.Extensions.Options;

namespace Catalog.Api.Services;

public class HubCatalog
{
    private readonly HttpClient _http;
    private readonly HubOptions _options;

    public HubCatalog(HttpClient http, IOptions<HubOptions> options)
    {
        _http = http;
        _options = options.Value;
    }

    public async Task<TagPage?> TagsAsync(string image)
    {
        var url = $"{_options.RepositoriesUrl}/{_options.Owner}/{image}/{_options.TagsSuffix}";
        return await _http.GetFromJsonAsync<TagPage>(url);
    }

    public async Task<RepositoryPage?> RepositoriesAsync()
    {
        var url = $"{_options.RepositoriesUrl}/{_options.Owner}";
        return await _http.GetFromJsonAsync<RepositoryPage>(url);
    }

    public async Task<string?> SignInAsync()
    {
        var body = JsonContent.Create(new { username = _options.User, password = _options.Secret });
        var response = await _http.PostAsync(_options.SignInUrl, body);
        var token = await response.Content.ReadFromJsonAsync<TokenReply>();
        return token?.Token;
    }
}
