using System;
using System.Net.Http;
using System.Threading.Tasks;

public class Shelf
{
    private readonly HttpClient http;

    public Shelf(string root = "https://hub.docker.com/v2/")
    {
        http = new HttpClient { BaseAddress = new Uri(root), Timeout = TimeSpan.FromSeconds(20) };
    }

    public Task<string> Item(string owner, string app) => http.GetStringAsync($"repositories/{owner}/{app}");

    public Task<string> Labels(string owner, string app) => http.GetStringAsync($"repositories/{owner}/{app}/tags");
}
