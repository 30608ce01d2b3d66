// Verifies a Prism license file (a compact JWS, ES256) against a saved copy of the published keys
// (/.well-known/prism/licensing-keys.json), with no network. Usage: dotnet run -- <keys.json> [license file]
// Without a file: PRISM_LICENSE_FILE, else prism-license.jwt in the current folder.
using System.Security.Cryptography;
using System.Text;
using System.Text.Json;

if (args.Length < 1) return Fail(2, "Usage: prism-license-verify <licensing-keys.json> [license file]");
var path = args.Length > 1 ? args[1] : Environment.GetEnvironmentVariable("PRISM_LICENSE_FILE") is { Length: > 0 } set ? set : "prism-license.jwt";
var text = File.Exists(path) ? File.ReadAllText(path).Trim() : "";
if (text.Length == 0)
{
    // Missing or blank: a warning, never a failed build.
    Console.WriteLine($"warning: no Prism license file at {path}; the build goes on without one.");
    return 0;
}

var parts = text.Split('.');
JsonElement header;
byte[] signature;
try
{
    if (parts.Length != 3) throw new FormatException();
    header = Json(parts[0]);
    signature = Base64Url(parts[2]);
}
catch (Exception error) when (error is FormatException or JsonException)
{
    return Fail(3, "Not a license file: expected three base64url parts separated by dots.");
}
if (header.TryGetProperty("alg", out var alg) ? alg.GetString() != "ES256" : true) return Fail(3, "Not a license file: it is not signed with ES256.");
var kid = header.TryGetProperty("kid", out var kidValue) ? kidValue.GetString() : null;

using var keys = JsonDocument.Parse(File.ReadAllText(args[0]));
var jwk = keys.RootElement.GetProperty("keys").EnumerateArray().FirstOrDefault(key => key.TryGetProperty("kid", out var id) && id.GetString() == kid);
if (jwk.ValueKind == JsonValueKind.Undefined)
    return Fail(4, $"Unknown signing key: the file names key {kid ?? "(none)"}, which the saved keys do not list. Save the published keys again, or download a new license file.");

using var ecdsa = ECDsa.Create(new ECParameters
{
    Curve = ECCurve.NamedCurves.nistP256,
    Q = new ECPoint { X = Base64Url(jwk.GetProperty("x").GetString()!), Y = Base64Url(jwk.GetProperty("y").GetString()!) },
});
// A JWS signature is r and s side by side (IEEE P1363), .NET's own format.
if (!ecdsa.VerifyData(Encoding.ASCII.GetBytes($"{parts[0]}.{parts[1]}"), signature, HashAlgorithmName.SHA256))
    return Fail(5, "Invalid signature: the license file was changed after Prism issued it.");

var claims = Json(parts[1]);
var expires = DateTimeOffset.FromUnixTimeSeconds(claims.GetProperty("exp").GetInt64());
if (expires <= DateTimeOffset.UtcNow)
    return Fail(6, $"Expired: the license file expired on {expires:yyyy-MM-dd}. Download a new one from your Prism account.");

var packages = claims.GetProperty("packages").EnumerateArray().Select(package => package.GetString()).ToList();
Console.WriteLine("Valid Prism license file");
Console.WriteLine($"  holder:        {claims.GetProperty("email").GetString()}");
Console.WriteLine($"  plan:          {claims.GetProperty("plan_name").GetString()}");
Console.WriteLine($"  packages:      {(packages.Count > 0 ? string.Join(", ", packages) : "public packages only")}");
Console.WriteLine($"  updates until: {claims.GetProperty("updates_until").GetString()}");
Console.WriteLine($"  file expires:  {expires:yyyy-MM-dd}");
return 0;

static int Fail(int code, string message)
{
    Console.Error.WriteLine($"error: {message}");
    return code;
}

static byte[] Base64Url(string part)
{
    var padded = part.Replace('-', '+').Replace('_', '/');
    return Convert.FromBase64String(padded + new string('=', (4 - padded.Length % 4) % 4));
}

static JsonElement Json(string part) => JsonDocument.Parse(Base64Url(part)).RootElement;
