//
//  APIClient.swift
//  TaskBoard
//

import Foundation

/// Everything that can go wrong talking to the TaskBoard backend.
enum APIError: Error, Equatable {
    case invalidURL(String)
    case transport(URLError.Code)
    case unauthorized
    case server(statusCode: Int)
    case decoding(String)

    /// Whether retrying the same request later might succeed.
    var isRetryable: Bool {
        switch self {
        case .transport(let code):
            return [.timedOut, .networkConnectionLost, .notConnectedToInternet].contains(code)
        case .server(let statusCode):
            return statusCode >= 500
        case .invalidURL, .unauthorized, .decoding:
            return false
        }
    }
}

/// A description of one HTTP request to the backend, typed by the response it decodes to.
struct Endpoint<Response: Decodable> {

    /// The HTTP methods the backend uses.
    enum Method: String {
        case get = "GET"
        case post = "POST"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    var path: String
    var method: Method = .get
    var queryItems: [URLQueryItem] = []
    var body: Data?

    /// Builds the `URLRequest` for this endpoint.
    ///
    /// - Parameter baseURL: The server root, e.g. `https://api.example.com/v1`.
    /// - Returns: A request with the method, query and JSON body set.
    /// - Throws: `APIError.invalidURL` if the path does not form a valid URL.
    func makeRequest(baseURL: URL) throws(APIError) -> URLRequest {
        guard var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false) else {
            throw .invalidURL(path)
        }
        if !queryItems.isEmpty {
            components.queryItems = queryItems
        }
        guard let url = components.url else {
            throw .invalidURL(path)
        }
        var request = URLRequest(url: url)
        request.httpMethod = method.rawValue
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        return request
    }
}

/// The boundary between the app and the network, so view models can be tested with a fake.
protocol APIClientProtocol: Sendable {
    /// Sends a request and decodes its response.
    ///
    /// - Parameter endpoint: What to request and how to decode the answer.
    /// - Returns: The decoded response body.
    /// - Throws: An `APIError` describing what failed.
    func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response
}

/// The production client, backed by `URLSession`.
final class APIClient: APIClientProtocol {

    private let baseURL: URL
    private let session: URLSession
    private let tokenProvider: @Sendable () async -> String?
    private let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = DateFormatting.apiDecodingStrategy
        return decoder
    }()

    /// Creates a client for one backend.
    ///
    /// - Parameters:
    ///   - baseURL: The server root every endpoint path is appended to.
    ///   - session: The session to send requests with; `.shared` by default.
    ///   - tokenProvider: Returns the current access token, or `nil` when signed out.
    init(
        baseURL: URL,
        session: URLSession = .shared,
        tokenProvider: @escaping @Sendable () async -> String? = { nil }
    ) {
        self.baseURL = baseURL
        self.session = session
        self.tokenProvider = tokenProvider
    }

    /// Sends a request, adding the bearer token, and decodes the JSON response.
    ///
    /// - Parameter endpoint: What to request and how to decode the answer.
    /// - Returns: The decoded response body.
    /// - Throws: `APIError.unauthorized` on HTTP 401, `APIError.server` on other non-2xx codes,
    ///   `APIError.transport` when the request never got an answer, `APIError.decoding` when the body does not match.
    /// - Warning: Do not call this from a table view's data source methods: it suspends.
    func send<Response: Decodable>(_ endpoint: Endpoint<Response>) async throws -> Response {
        var request = try endpoint.makeRequest(baseURL: baseURL)
        if let token = await tokenProvider() {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }

        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch let error as URLError {
            throw APIError.transport(error.code)
        }

        try validate(response)
        do {
            return try decoder.decode(Response.self, from: data)
        } catch {
            throw APIError.decoding(String(describing: error))
        }
    }

    private func validate(_ response: URLResponse) throws {
        guard let http = response as? HTTPURLResponse else { return }
        switch http.statusCode {
        case 200..<300: return
        case 401: throw APIError.unauthorized
        default: throw APIError.server(statusCode: http.statusCode)
        }
    }
}

extension APIClientProtocol {
    /// Sends a request, retrying transient failures with exponential back-off.
    ///
    /// - Parameters:
    ///   - endpoint: What to request.
    ///   - attempts: The total number of tries, first one included.
    ///   - initialDelay: The wait before the second try, doubled after each failure.
    /// - Returns: The decoded response of the first successful try.
    /// - Throws: The last error when every try failed, or the first error that is not retryable.
    func send<Response: Decodable>(
        _ endpoint: Endpoint<Response>,
        attempts: Int,
        initialDelay: Duration = .milliseconds(300)
    ) async throws -> Response {
        var delay = initialDelay
        for _ in 1..<max(attempts, 1) {
            do {
                return try await send(endpoint)
            } catch let error as APIError where error.isRetryable {
                try await Task.sleep(for: delay)
                delay *= 2
            }
        }
        return try await send(endpoint)
    }
}
