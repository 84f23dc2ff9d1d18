using System.Threading.Tasks;
using Refit;

namespace Lanternfish.Clients;

public interface IRegistryHub
{
    [Get("/v2/repositories/{owner}/{image}/")]
    Task<ImageInfo> GetImageAsync(string owner, string image);

    [Post("/v2/users/login")]
    Task<LoginReply> LoginAsync([Body] LoginForm form);

    [Get("/v2/repositories/{owner}/{image}/tags?page_size=50")]
    Task<TagPage> GetTagsAsync(string owner, string image);
}

public record ImageInfo(string Name, string Namespace);
public record LoginReply(string Token);
public record LoginForm(string Username, string Password);
public record TagPage(int Count);
