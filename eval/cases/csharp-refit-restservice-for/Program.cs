using System;
using Lanternfish.Clients;
using Refit;

var hub = RestService.For<IRegistryHub>("https://hub.docker.com");
var image = await hub.GetImageAsync("library", "alpine");
Console.WriteLine(image.Name);
