using System.Net.Http;
using System.Threading.Tasks;

public class Describer
{
    private readonly HttpClient http = new HttpClient();

    public Task<HttpResponseMessage> Describe(string owner, string name, string json)
    {
        var request = new HttpRequestMessage(new HttpMethod("PATCH"), $"https://hub.docker.com/v2/repositories/{owner}/{name}/")
        {
            Content = new StringContent(json),
        };
        return http.SendAsync(request);
    }

    public Task<HttpResponseMessage> Read(string owner, string name)
    {
        var request = new HttpRequestMessage(new HttpMethod("GET"), $"https://hub.docker.com/v2/repositories/{owner}/{name}/");
        return http.SendAsync(request);
    }
}
