package org.pinewood.imagecheck.hub;

import retrofit2.Call;
import retrofit2.http.GET;
import retrofit2.http.Path;
import retrofit2.http.Query;

public interface HubEndpoints {

    @GET("/v2/repositories/{owner}/")
    Call<Object> listOwned(@Path("owner") String owner, @Query("page_size") Long pageSize);

    @GET("/v2/repositories/{owner}/{image}/tags")
    Call<Object> listTags(@Path("owner") String owner, @Path("image") String image, @Query("page") Long page);

    @GET("/v2/namespaces/{owner}/repositories/{image}")
    Call<Object> describe(@Path("owner") String owner, @Path("image") String image);
}
