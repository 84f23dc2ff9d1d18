using System;
using System.Net.Http;
using System.Threading.Tasks;

namespace Acme.Containers
{
    public sealed class DaemonGateway
    {
        // The daemon answers this API level; every path is prefixed with it below.
        private const string EngineLevel = "1.43";

        private readonly HttpClient _http;

        public DaemonGateway(HttpClient http) => _http = http;

        public Task<string> Fetch(string route)
        {
            var message = new HttpRequestMessage(HttpMethod.Get, new Uri($"/v{EngineLevel}/{route}", UriKind.Relative));
            return _http.SendAsync(message).ContinueWith(t => t.Result.Content.ReadAsStringAsync()).Unwrap();
        }
    }
}
