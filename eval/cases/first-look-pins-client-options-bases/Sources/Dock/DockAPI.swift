import Foundation

open class DockAPI {
    public static var basePath = "http://localhost/v1.43"
    public static var customHeaders: [String: String] = [:]
}
